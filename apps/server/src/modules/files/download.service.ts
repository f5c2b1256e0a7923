import type { Readable } from 'node:stream';
import {
  EXTENSIONS_BY_KIND,
  ZIP_MAX_ENTRIES,
  fileExtension,
  isPreviewable,
  type BatchDownloadInput,
  type DownloadUrlInput,
  type SignedUrl,
} from '@mathbridge/contracts/files';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context.ts';
import type { FileNodeRow } from '../../db/types.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';
import { filesConfig } from './files.config.ts';
import * as fail from './files.errors.ts';
import { givenName, ZipFolder } from './names.ts';
import * as nodes from './nodes.repository.ts';
import { loadNode } from './nodes.service.ts';
import { findSpace } from './spaces.repository.ts';
import { filesPolicy } from './files.policy.ts';
import { itemGrantsRead, spaceActor } from './spaces.service.ts';
import {
  checkFileUrl,
  checkRecordZipUrl,
  checkZipUrl,
  contentDisposition,
  expiryIso,
  fileUrl,
  linkExpiry,
  recordZipUrl,
  zipUrl,
  type Disposition,
} from './signed-urls.ts';

export { ZipFolder, zipSafeName } from './names.ts';
export { zipTooLarge } from './files.errors.ts';

/**
 * Downloads leave only through short-lived signed links (issue 4): access is checked when a link
 * is issued (the full check, roles included) and again when it is opened (the node is still
 * live, and the user still owns or is a member of its space; role-derived access to the shared
 * templates is trusted for the link's lifetime).
 */

/** MIME types a browser may render inline; anything else is downloaded as an attachment. */
const INLINE_MIME = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'application/pdf']);

/** Already-compressed types are stored in a zip as they are; deflating them again costs CPU for nothing. */
const STORE_UNCOMPRESSED = new Set<string>([
  ...EXTENSIONS_BY_KIND.archive,
  ...EXTENSIONS_BY_KIND.audio,
  ...EXTENSIONS_BY_KIND.video,
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'epub',
  'pdf',
]);

/** POST upload/downloadUrl. */
export async function downloadUrl(ctx: AppContext, caller: Caller, input: DownloadUrlInput): Promise<SignedUrl> {
  const { node } = await loadNode(ctx, caller, input.id, 'read');
  if (node.is_dir === 1) throw fail.notAFile();
  const exp = linkExpiry();
  const disposition: Disposition = input.inline === 1 && isPreviewable(node.name) ? 'inline' : 'attachment';
  return { url: fileUrl(filesConfig(ctx).urlSecret, node.id, caller.id, exp, disposition), expires_at: expiryIso(exp) };
}

/**
 * A live node the link's user may still read (the check made when a link is opened), and whether
 * only its item lets them (they read this one file, not its space).
 */
async function readableByLink(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<{ node: FileNodeRow; alone: boolean }> {
  const node = await nodes.findNode(ctx.db, id);
  if (!node || node.trashed_at !== null) throw fail.nodeNotFound();
  const space = await findSpace(ctx.db, node.space_id);
  if (!space) throw fail.nodeNotFound();
  if (filesPolicy.can(await spaceActor(ctx.db, userId, space), 'openLink', space)) return { node, alone: false };
  filesPolicy.authorize({ itemGrants: await itemGrantsRead(ctx, userId, space, node) }, 'readThroughItem', node);
  return { node, alone: true };
}

export interface Download {
  stream: Readable;
  headers: Record<string, string | number>;
}

function downloadHeaders(
  name: string,
  mime: string,
  size: number | null,
  disposition: Disposition,
  exp: number,
): Record<string, string | number> {
  const inline = disposition === 'inline' && INLINE_MIME.has(mime);
  const headers: Record<string, string | number> = {
    'content-type': inline ? mime : mime.startsWith('text/') ? 'text/plain; charset=utf-8' : mime,
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', name),
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    // The link is personal; a shared cache must never keep it, the browser may until it expires.
    'cache-control': `private, max-age=${Math.max(0, exp - Math.floor(Date.now() / 1000))}`,
  };
  // Chrome's PDF viewer does not run under a restrictive CSP; everything else gets one.
  if (mime !== 'application/pdf')
    headers['content-security-policy'] = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
  if (size !== null) headers['content-length'] = size;
  return headers;
}

/** GET upload/download/:id (signed): the bytes of one file. */
export async function openDownload(
  ctx: AppContext,
  q: { id: number; u: number; e: number; d: 'i' | 'a'; s: string },
): Promise<Download> {
  const verdict = checkFileUrl(filesConfig(ctx).urlSecret, q);
  if (verdict === 'bad') throw forbidden();
  if (verdict === 'expired') throw fail.linkExpired();
  const { node, alone } = await readableByLink(ctx, q.u, q.id);
  if (node.stored_file_id === null) throw fail.notAFile();
  const stored = await nodes.findStoredFile(ctx.db, node.stored_file_id);
  if (!stored) throw fail.nodeNotFound();
  const stream = await ctx.storage.get(stored.storage_key);
  // Read alone (an employer reading a resume), the file has no sibling a clash number would tell it from.
  const name = alone ? givenName(node.name, stored.original_name) : node.name;
  return {
    stream,
    headers: downloadHeaders(name, stored.mime, Number(stored.size), q.d === 'i' ? 'inline' : 'attachment', q.e),
  };
}

function zipName(requested: string | undefined, chosen: FileNodeRow[]): string {
  const only = chosen.length === 1 ? chosen[0] : undefined;
  const base =
    requested ??
    (only ? only.name : `download-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`);
  return fileExtension(base) === 'zip' ? base : `${base}.zip`;
}

/** POST upload/batchDownLoad: checks every chosen item now and answers a signed link to the zip. */
export async function batchDownloadUrl(
  ctx: AppContext,
  caller: Caller,
  input: BatchDownloadInput,
): Promise<SignedUrl & { name: string }> {
  const ids = [...new Set(input.ids)];
  const chosen: FileNodeRow[] = [];
  for (const id of ids) chosen.push((await loadNode(ctx, caller, id, 'read')).node);
  await zipEntries(ctx, chosen); // refuses now (409) rather than mid-download when the zip would be too large
  const name = zipName(input.name, chosen);
  const exp = linkExpiry();
  return { url: zipUrl(filesConfig(ctx).urlSecret, ids, caller.id, exp, name), expires_at: expiryIso(exp), name };
}

export interface ZipEntry {
  path: string;
  node: FileNodeRow;
}

/**
 * The zip's entries: chosen files at the top, chosen folders with their live subtrees; names made
 * zip-safe as in every zip we build (ZipFolder), clashes numbered ' (1)'.
 */
async function zipEntries(ctx: AppContext, chosen: FileNodeRow[]): Promise<ZipSource[]> {
  const top = new ZipFolder('');
  const out: ZipSource[] = [];
  for (const node of chosen) {
    const path = top.child(node.parent_id === null ? node.name || 'files' : node.name, node.is_dir === 1);
    out.push(sourceOfNode({ path, node }));
    if (node.is_dir === 1) await addSubtree(ctx, node, new ZipFolder(path), out);
  }
  if (out.length > ZIP_MAX_ENTRIES) throw fail.zipTooLarge(ZIP_MAX_ENTRIES);
  return out;
}

/** Appends the live subtree below the folder `dir` to `out`, laid out in `folder`; 409 once `out` passes ZIP_MAX_ENTRIES. */
async function addSubtree(ctx: AppContext, dir: FileNodeRow, folder: ZipFolder, out: ZipSource[]): Promise<void> {
  const folders = new Map<number, ZipFolder>([[dir.id, folder]]);
  // Ordered by depth, so a folder is laid out before its children.
  for (const node of await nodes.descendants(ctx.db, dir)) {
    const parent = node.parent_id === null ? undefined : folders.get(node.parent_id);
    if (!parent) continue;
    const path = parent.child(node.name, node.is_dir === 1);
    if (node.is_dir === 1) folders.set(node.id, new ZipFolder(path));
    out.push(sourceOfNode({ path, node }));
    if (out.length > ZIP_MAX_ENTRIES) throw fail.zipTooLarge(ZIP_MAX_ENTRIES);
  }
}

/** GET upload/batchDownLoad (signed): streams the zip of the chosen items (zipDownload). */
export async function openZip(
  ctx: AppContext,
  q: { ids: string; u: number; e: number; n: string; s: string },
): Promise<Download> {
  const verdict = checkZipUrl(filesConfig(ctx).urlSecret, q);
  if (verdict === 'bad') throw forbidden();
  if (verdict === 'expired') throw fail.linkExpired();
  const chosen: FileNodeRow[] = [];
  for (const id of q.ids.split(',').map(Number)) chosen.push((await readableByLink(ctx, q.u, id)).node);
  return zipDownload(ctx, await zipEntries(ctx, chosen), q.n);
}

/**
 * One entry of a zip we stream: a folder, a stored file (its bytes opened only when the zip
 * reaches it), or bytes made for the zip (a generated text such as a research outcome).
 */
export type ZipSource =
  | { path: string; mtime: Date; kind: 'dir' }
  | { path: string; mtime: Date; kind: 'stored'; storedFileId: number; size: number }
  | { path: string; mtime: Date; kind: 'bytes'; bytes: Buffer };

/** A file node as a zip entry at `path`. */
export function sourceOfNode({ path, node }: ZipEntry): ZipSource {
  const mtime = new Date(node.updated_at);
  // A file without bytes (never the case for a finished upload) becomes no entry: 'dir' without the '/'.
  if (node.is_dir === 1 || node.stored_file_id === null) return { path, mtime, kind: 'dir' };
  return { path, mtime, kind: 'stored', storedFileId: node.stored_file_id, size: Number(node.size) };
}

/**
 * Streams a zip of `sources` as it is built, answered as the download `name`. Stored files are
 * opened lazily (yazl's addReadStreamLazy), so memory stays flat and nothing is assembled in
 * memory or on disk first; a stored file whose bytes are gone is left out.
 */
export async function zipDownload(ctx: AppContext, sources: readonly ZipSource[], name: string): Promise<Download> {
  const storedIds = sources.flatMap((s) => (s.kind === 'stored' ? [s.storedFileId] : []));
  const keys = new Map((await nodes.storedFilesOf(ctx.db, [...new Set(storedIds)])).map((f) => [f.id, f.storage_key]));

  const zip = new ZipFile();
  for (const source of sources) {
    const { path, mtime } = source;
    if (source.kind === 'dir') {
      if (path.endsWith('/')) zip.addEmptyDirectory(path, { mtime }); // folders' paths end with '/'
      continue;
    }
    const compress = !STORE_UNCOMPRESSED.has(fileExtension(path));
    if (source.kind === 'bytes') {
      zip.addBuffer(source.bytes, path, { mtime, compress });
      continue;
    }
    const key = keys.get(source.storedFileId);
    if (!key) continue;
    zip.addReadStreamLazy(path, { mtime, compress, size: source.size }, (done) => {
      ctx.storage.get(key).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // A file that fails mid-way (storage error) must break the download, not end it as a valid zip.
  zip.on('error', (error: Error) => {
    ctx.log.warn({ err: error }, 'zip aborted');
    output.destroy(error);
  });
  return {
    stream: output,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition('attachment', name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  };
}

/**
 * The live tree of a space as zip entries below `folder` (its folders and files, names made
 * zip-safe and unique per folder); 409 beyond ZIP_MAX_ENTRIES.
 */
export async function spaceTreeSources(ctx: AppContext, spaceId: number, folder: ZipFolder): Promise<ZipSource[]> {
  const space = await findSpace(ctx.db, spaceId);
  const root = space?.root_id == null ? undefined : await nodes.findNode(ctx.db, space.root_id);
  const out: ZipSource[] = [];
  if (root) await addSubtree(ctx, root, folder, out);
  return out;
}

/** Of these node ids, the live files of the space (missing, trashed, foreign ids and folders left out). */
export async function liveFilesOfSpace(ctx: AppContext, spaceId: number, ids: readonly number[]) {
  const found = await nodes.findNodes(ctx.db, [...new Set(ids)]);
  return found.filter((n) => n.space_id === spaceId && n.is_dir !== 1 && n.trashed_at === null);
}

/**
 * A signed link to a zip another module streams for one of its records (GET `/api/<path>`, e.g.
 * a research project's deliverables): the caller's access is that module's check, made now and
 * again when the link is opened (checkRecordZipLink).
 */
export function recordZipLink(
  ctx: AppContext,
  path: string,
  id: number,
  userId: number,
  name: string,
): SignedUrl & { name: string } {
  const exp = linkExpiry();
  return {
    url: recordZipUrl(filesConfig(ctx).urlSecret, path, id, userId, exp, name),
    expires_at: expiryIso(exp),
    name,
  };
}

/** The signature and expiry of a record zip link (304 when altered, 304 linkExpired when old). */
export function checkRecordZipLink(
  ctx: AppContext,
  path: string,
  q: { id: number; u: number; e: number; n: string; s: string },
): void {
  const verdict = checkRecordZipUrl(filesConfig(ctx).urlSecret, path, q);
  if (verdict === 'bad') throw forbidden();
  if (verdict === 'expired') throw fail.linkExpired();
}

/** Content-Disposition for other modules' downloads (RFC 5987 names). */
export { contentDisposition };

import type { Readable } from 'node:stream';
import { STATUS } from '@mathbridge/contracts/api';
import {
  FILE_UPLOAD_PROFILES,
  FOLDER_MAX_DEPTH,
  fileExtension,
  isValidFileName,
  type AttachmentList,
  type AttachmentListInput,
  type CreateDirOrFileInput,
  type FileNode,
  type MoveFileInput,
  type UpdateFileNameInput,
  type UpdateQuery,
  type UploadQuery,
} from '@mathbridge/contracts/files';
import type { UploadProfile } from '@mathbridge/contracts/constants';
import { translate } from '@mathbridge/contracts/messages';
import type { Locale } from '@mathbridge/contracts/locales';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { FileNodeRow } from '../../db/types.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { sizeLabel, storeUpload, type StoredUpload } from '../../lib/upload.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { filesConfig } from './files.config.ts';
import * as fail from './files.errors.ts';
import { presentNode, type Viewer } from './files.presenter.ts';
import { firstFreeName, givenName, nameKey, splitName } from './names.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import * as nodes from './nodes.repository.ts';
import { chargeQuota, ensureQuota, lockSpace } from './spaces.repository.ts';
import { filesPolicy } from './files.policy.ts';
import {
  accessIn,
  defaultQuota,
  ensurePersonalSpace,
  itemGrantsRead,
  quotaOf,
  presentSpace,
  requireSpace,
  rootOf,
  spaceActor,
  type SpaceAccess,
} from './spaces.service.ts';
import { findSpace } from './spaces.repository.ts';
import { linkExpiry, expiryIso } from './signed-urls.ts';

/** Folders and files: listing, upload, create, copy, move, rename, replace (spec §7 'Uploads'). */

type Need = 'read' | 'write' | 'edit';

/** An uploaded file the service pulls only after its checks passed, so refused uploads store nothing. */
export interface IncomingUpload {
  /** Content-Length of the request, if the client sent one. */
  contentLength: number | undefined;
  file: () => Promise<{ filename: string; stream: Readable } | undefined>;
}

/** Multipart framing around one file is a few hundred bytes; this margin keeps the early check from refusing a file that fits. */
const MULTIPART_MARGIN = 16 * 1024;

export function viewerFor(ctx: AppContext, caller: Caller, access: SpaceAccess, exp = linkExpiry()): Viewer {
  return {
    userId: caller.id,
    secret: filesConfig(ctx).urlSecret,
    exp,
    canEdit: (node) => filesPolicy.can(access.actor, 'edit', { space: access.space, node }),
  };
}

/**
 * Loads a node the caller may use: 404 when it does not exist (or is in the trash, unless
 * `trashed`), 304 when it is in a space the caller cannot use this way. `edit` = write access
 * and, in publish-own spaces, a node the caller created.
 */
export async function loadNode(
  ctx: AppContext,
  caller: Caller,
  id: number,
  need: Need,
  options: { trashed?: boolean; db?: Db } = {},
) {
  const db = options.db ?? ctx.db;
  const node = await nodes.findNode(db, id);
  if (!node) throw fail.nodeNotFound();
  const space = await findSpace(db, node.space_id);
  if (!space) throw fail.nodeNotFound();
  const actor = await spaceActor(db, caller.id, space, caller);
  const access = accessIn(actor, space);
  if (!access) {
    // Not the space's: the item it belongs to may still let the caller read this one file.
    const itemGrants = need === 'read' && (await itemGrantsRead(ctx, caller.id, space, node));
    filesPolicy.authorize({ itemGrants }, 'readThroughItem', node);
    return { node, access: { actor, space, role: 'read' } satisfies SpaceAccess };
  }
  if (need === 'edit') filesPolicy.authorize(actor, 'edit', { space, node });
  else filesPolicy.authorize(actor, need, space);
  if (node.trashed_at !== null && !options.trashed) throw fail.nodeNotFound();
  return { node, access };
}

/** A file as an item keeps it: a snapshot of name and size, shown without file access. */
export interface FileSnapshot {
  id: number;
  name: string;
  size: number;
  mime: string | null;
}

/**
 * Checks every id is a live file (not a folder) of space `spaceId` that the caller can read, and
 * returns the snapshots; any other id is a 400 on `attachments` (demands, solutions, research questions).
 */
export async function snapshotSpaceFiles(
  ctx: AppContext,
  caller: Caller,
  spaceId: number | null,
  ids: readonly number[],
  locale: Locale,
): Promise<FileSnapshot[]> {
  const refuse = () =>
    invalidField('attachments', 'attachmentNotInSpace', translate(locale, 'errors.attachmentNotInSpace'));
  if (ids.length === 0) return [];
  if (spaceId === null) throw refuse();
  const out: FileSnapshot[] = [];
  for (const id of ids) {
    const node = await loadNode(ctx, caller, id, 'read')
      .then((r) => r.node)
      .catch((error: unknown) => {
        if (error instanceof AppError && (error.status === STATUS.notFound || error.status === STATUS.forbidden))
          throw refuse();
        throw error;
      });
    if (node.space_id !== spaceId || node.is_dir === 1) throw refuse();
    out.push({ id: node.id, name: node.name, size: Number(node.size), mime: node.mime });
  }
  return out;
}

/**
 * The name a file was given, without the number a clash in its folder added (see `givenName`): how
 * an item shows a file it holds alone, e.g. the resume of one application. Internal API for other modules.
 */
export async function givenFileName(db: Db, node: FileNodeRow): Promise<string> {
  if (node.stored_file_id === null) return node.name;
  const stored = await nodes.findStoredFile(db, node.stored_file_id);
  return stored ? givenName(node.name, stored.original_name) : node.name;
}

/** The folder a call works in: `parent_id`, else the root of `space_id`, else of the caller's personal space. */
export async function resolveFolder(
  ctx: AppContext,
  caller: Caller,
  target: { space_id?: number; parent_id?: number },
  need: 'read' | 'write',
) {
  if (target.parent_id !== undefined) {
    const { node, access } = await loadNode(ctx, caller, target.parent_id, need);
    if (node.is_dir !== 1) throw fail.notAFolder();
    if (target.space_id !== undefined && target.space_id !== node.space_id) throw fail.nodeNotFound();
    return { folder: node, access };
  }
  const access =
    target.space_id !== undefined
      ? await requireSpace(ctx, caller, target.space_id, need)
      : ({
          // Their own personal space: they manage it, and it has no members.
          actor: { userId: caller.id, memberRole: null, session: caller },
          space: await ensurePersonalSpace(ctx, caller.id),
          role: 'manage',
        } satisfies SpaceAccess);
  return { folder: await rootOf(ctx, access.space), access };
}

/** GET upload/getAttachmentList: one page of a folder, folders first, with signed links. */
export async function listFolder(ctx: AppContext, caller: Caller, input: AttachmentListInput): Promise<AttachmentList> {
  const { folder, access } = await resolveFolder(ctx, caller, input, 'read');
  const [items, total, names] = await Promise.all([
    nodes.childrenPage(ctx.db, folder.id, input.sort, input.order, input.page_size, offsetOf(input)),
    nodes.countChildren(ctx.db, folder.id),
    nodes.namesById(ctx.db, ancestorIds(folder)),
  ]);
  const exp = linkExpiry();
  const viewer = viewerFor(ctx, caller, access, exp);
  const path = [
    ...ancestorIds(folder).map((id) => ({ id, name: names.get(id) ?? '' })),
    { id: folder.id, name: folder.name },
  ];
  return {
    space: await presentSpace(ctx, access),
    folder: { id: folder.id, name: folder.name, parent_id: folder.parent_id },
    path,
    ...pageOf(
      input,
      items.map((node) => presentNode(node, viewer)),
      total,
    ),
    url_expires_at: expiryIso(exp),
  };
}

/** Loads every distinct id for editing, in order; one refusal refuses the whole call. */
export async function loadEach(
  ctx: AppContext,
  caller: Caller,
  ids: readonly number[],
): Promise<{ node: FileNodeRow; access: SpaceAccess }[]> {
  const out: { node: FileNodeRow; access: SpaceAccess }[] = [];
  for (const id of new Set(ids)) out.push(await loadNode(ctx, caller, id, 'edit'));
  return out;
}

/** Ids of a node's ancestors, root first. */
export const ancestorIds = (node: Pick<FileNodeRow, 'path'>): number[] =>
  node.path.split('/').filter(Boolean).map(Number);

/**
 * Writes a node under `folder` with `name`, retrying on a name clash: 'rename' picks the next
 * free 'name (n)' (uploads, copies, restores), 'refuse' answers 409. The unique index on live
 * sibling names is the authority, so concurrent writers can never end up with the same name.
 */
async function placeNode<T>(
  ctx: AppContext,
  folderId: number,
  name: string,
  isDir: boolean,
  mode: 'rename' | 'refuse',
  write: (trx: Db, name: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < 25; attempt += 1) {
    let finalName = name;
    if (mode === 'rename') {
      finalName = firstFreeName(
        name,
        isDir,
        await nodes.takenNameKeys(ctx.db, folderId, nameKey(splitName(name, isDir)[0])),
      );
    } else if (await nodes.liveChildByKey(ctx.db, folderId, nameKey(name))) {
      throw fail.nameTaken(name);
    }
    try {
      return await ctx.db.transaction().execute((trx) => write(trx, finalName));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (mode === 'refuse') throw fail.nameTaken(name);
    }
  }
  throw fail.nameTaken(name);
}

function checkDepth(depth: number): void {
  if (depth > FOLDER_MAX_DEPTH + 1) throw fail.folderTooDeep(FOLDER_MAX_DEPTH);
}

/** A user's file name as metadata: the last path part, NFC, trimmed; refused when it cannot be a name. */
function uploadedName(filename: string, locale: Locale): string {
  const name = (filename.split(/[\\/]/).pop() ?? '').normalize('NFC').trim();
  if (!isValidFileName(name)) throw invalidField('file', 'fileName', translate(locale, 'validation.fileName'));
  return name;
}

interface Placement {
  folder: FileNodeRow;
  access: SpaceAccess;
}

/**
 * Refuses before any byte is stored when the declared size cannot fit (profile or quota), then
 * streams the file into storage with the quota left as a hard cap.
 */
async function receive(
  ctx: AppContext,
  access: SpaceAccess,
  profileName: UploadQuery['profile'],
  declared: number | undefined,
  upload: IncomingUpload,
  locale: Locale,
  freedBytes = 0,
) {
  const profile: UploadProfile = FILE_UPLOAD_PROFILES[profileName];
  const quota = await quotaOf(ctx, access.space);
  const remaining = Math.max(0, quota.quota_bytes - quota.used_bytes + freedBytes);
  const largest = Math.max(profile.maxBytes, ...Object.values(profile.maxBytesByExtension ?? {}));
  const early = declared ?? (upload.contentLength === undefined ? undefined : upload.contentLength - MULTIPART_MARGIN);
  if (early !== undefined && early > remaining) throw fail.quotaExceeded(quota);
  if (declared !== undefined && declared > largest) {
    throw new AppError(STATUS.tooLarge, 'errors.fileTooLarge', { size: sizeLabel(largest) });
  }
  const file = await upload.file();
  if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
  let name: string;
  try {
    name = uploadedName(file.filename, locale);
  } catch (error) {
    file.stream.resume();
    throw error;
  }
  const stored = await storeUpload(ctx.storage, 'spaces', profile, file, {
    messages: profileName === 'space' ? 'specific' : 'rule',
    capBytes: remaining,
    overCap: () => fail.quotaExceeded(quota),
  });
  return { stored, name, quota };
}

/**
 * Starts a write that changes a space's bytes, inside its transaction: locks the space (404 when it
 * was deleted meanwhile) and, when given, the folder written into (404 when it went to the trash
 * meanwhile), in the one lock order of `lockSpace`. Answers the folder as it is now.
 */
async function lockForWrite(trx: Db, spaceId: number, folderId?: number): Promise<FileNodeRow | undefined> {
  if (!(await lockSpace(trx, spaceId))) throw fail.nodeNotFound();
  if (folderId === undefined) return undefined;
  const folder = await nodes.lockNode(trx, folderId);
  if (!folder || folder.space_id !== spaceId) throw fail.nodeNotFound();
  return folder;
}

/** Charges `bytes` (negative: gives back) to the space's quota holder in the write's transaction, or 413 with nothing written. */
async function chargeOrRefuse(ctx: AppContext, trx: Db, access: SpaceAccess, bytes: number): Promise<void> {
  const { space } = access;
  const now = nowIso();
  await ensureQuota(trx, space.quota_holder_type, space.quota_holder_id, now);
  if (
    !(await chargeQuota(
      trx,
      space.quota_holder_type,
      space.quota_holder_id,
      bytes,
      defaultQuota(ctx, space.quota_holder_type),
      now,
    ))
  ) {
    throw fail.quotaExceeded(await quotaOf(ctx, space, trx));
  }
}

/** The row of a new node in `folder`: a folder when `file` is absent. */
function nodeValues(
  folder: FileNodeRow,
  name: string,
  by: number,
  now: string,
  file?: { storedFileId: number; size: number; mime: string },
) {
  return {
    space_id: folder.space_id,
    parent_id: folder.id,
    name,
    name_key: nameKey(name),
    is_dir: file ? 0 : 1,
    stored_file_id: file?.storedFileId ?? null,
    size: file?.size ?? 0,
    mime: file?.mime ?? null,
    path: nodes.subtreePrefix(folder),
    depth: folder.depth + 1,
    created_by: by,
    updated_by: by,
    created_at: now,
    updated_at: now,
    trashed_at: null,
    trashed_by: null,
    trash_root_id: null,
  };
}

/** Stores an upload as a new file in a folder; a clashing name becomes 'name (1).ext'. Internal API for other modules too. */
export async function storeFileInFolder(
  ctx: AppContext,
  caller: Caller,
  place: Placement,
  stored: StoredUpload,
  name: string,
  ip?: string,
): Promise<FileNodeRow> {
  checkDepth(place.folder.depth + 1);
  try {
    return await placeNode(ctx, place.folder.id, name, false, 'rename', async (trx, finalName) => {
      const now = nowIso();
      const folder = (await lockForWrite(trx, place.folder.space_id, place.folder.id)) ?? place.folder;
      const storedFileId = await nodes.insertStoredFile(trx, {
        storage_key: stored.key,
        original_name: stored.originalName,
        mime: stored.mime,
        size: stored.size,
        sha256: stored.sha256,
        owner_id: caller.id,
        created_at: now,
      });
      await chargeOrRefuse(ctx, trx, place.access, stored.size);
      const node = await nodes.insertNode(
        trx,
        nodeValues(folder, finalName, caller.id, now, { storedFileId, size: stored.size, mime: stored.mime }),
      );
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'files.upload',
        targetType: 'file_node',
        targetId: node.id,
        detail: { space: node.space_id, size: stored.size },
        ip,
      });
      return node;
    });
  } catch (error) {
    await ctx.storage.delete(stored.key).catch((e: unknown) => ctx.log.warn({ err: e }, 'refused upload not removed'));
    throw error;
  }
}

/** POST upload/upload. */
export async function uploadFile(
  ctx: AppContext,
  caller: Caller,
  input: UploadQuery,
  upload: IncomingUpload,
  locale: Locale,
  ip: string,
): Promise<FileNode> {
  const place = await resolveFolder(ctx, caller, input, 'write');
  const { stored, name } = await receive(ctx, place.access, input.profile, input.size, upload, locale);
  const node = await storeFileInFolder(ctx, caller, place, stored, name, ip);
  return presentNode(node, viewerFor(ctx, caller, place.access));
}

/** POST upload/createDirOrFile: a folder (a clash is 409), or a copy of a readable file (a clash gets ' (1)'). */
export async function createDirOrFile(
  ctx: AppContext,
  caller: Caller,
  input: CreateDirOrFileInput,
  ip: string,
): Promise<FileNode> {
  const place = await resolveFolder(ctx, caller, input, 'write');
  const viewer = viewerFor(ctx, caller, place.access);
  if (input.type === 'dir') {
    const name = input.name ?? '';
    if (place.folder.depth + 1 > FOLDER_MAX_DEPTH) throw fail.folderTooDeep(FOLDER_MAX_DEPTH);
    const node = await placeNode(ctx, place.folder.id, name, true, 'refuse', async (trx, finalName) => {
      const now = nowIso();
      const row = await nodes.insertNode(trx, nodeValues(place.folder, finalName, caller.id, now));
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'files.folder_create',
        targetType: 'file_node',
        targetId: row.id,
        ip,
      });
      return row;
    });
    return presentNode(node, viewer);
  }

  const { node: source } = await loadNode(ctx, caller, input.source_id ?? 0, 'read');
  if (source.is_dir === 1 || source.stored_file_id === null) throw fail.notAFile();
  const name = input.name ?? source.name;
  const ext = fileExtension(source.name);
  if (fileExtension(name) !== ext) throw fail.extensionChange(ext);
  checkDepth(place.folder.depth + 1);
  const node = await placeNode(ctx, place.folder.id, name, false, 'rename', async (trx, finalName) => {
    const now = nowIso();
    const folder = (await lockForWrite(trx, place.folder.space_id, place.folder.id)) ?? place.folder;
    // The source as it is now: a replacement committed since it was checked changed its bytes and size.
    const current = await nodes.findNode(trx, source.id);
    if (!current || current.trashed_at !== null || current.stored_file_id === null) throw fail.nodeNotFound();
    await chargeOrRefuse(ctx, trx, place.access, Number(current.size));
    const row = await nodes.insertNode(
      trx,
      nodeValues(folder, finalName, caller.id, now, {
        storedFileId: current.stored_file_id,
        size: Number(current.size),
        mime: current.mime ?? 'application/octet-stream',
      }),
    );
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'files.copy',
      targetType: 'file_node',
      targetId: row.id,
      detail: { from: source.id },
      ip,
    });
    return row;
  });
  return presentNode(node, viewer);
}

/**
 * POST upload/moveFile: into a folder of the same space (absent = its root). Refused whole when
 * any item would clash by name, move a folder into itself or below itself, or nest too deep.
 */
export async function moveNodes(
  ctx: AppContext,
  caller: Caller,
  input: MoveFileInput,
  ip: string,
): Promise<{ items: FileNode[] }> {
  const loaded = await loadEach(ctx, caller, input.ids);
  const first = loaded[0];
  if (!first) return { items: [] };
  if (loaded.some(({ node }) => node.space_id !== first.node.space_id)) throw fail.crossSpaceMove();
  if (loaded.some(({ node }) => node.parent_id === null)) throw fail.rootFolder();

  let target: FileNodeRow;
  if (input.target_id !== undefined) {
    ({ node: target } = await loadNode(ctx, caller, input.target_id, 'write'));
    if (target.is_dir !== 1) throw fail.notAFolder();
    if (target.space_id !== first.node.space_id) throw fail.crossSpaceMove();
  } else {
    target = await rootOf(ctx, first.access.space);
  }

  try {
    await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      for (const { node: stale } of loaded) {
        // Re-read inside the transaction: an earlier item of this call may have moved this one.
        const node = await nodes.findNode(trx, stale.id);
        if (!node || node.trashed_at !== null) throw fail.nodeNotFound();
        if (node.parent_id === target.id) continue;
        const freshTarget = await nodes.findNode(trx, target.id);
        if (!freshTarget || freshTarget.trashed_at !== null) throw fail.nodeNotFound();
        if (freshTarget.id === node.id || ancestorIds(freshTarget).includes(node.id)) throw fail.moveIntoItself();
        if (node.is_dir === 1) checkDepth((await nodes.deepestBelow(trx, node)) - node.depth + freshTarget.depth + 1);
        const clash = await nodes.liveChildByKey(trx, freshTarget.id, node.name_key);
        if (clash && clash.id !== node.id) throw fail.nameTaken(node.name);
        await nodes.reparent(trx, node, freshTarget, { now, by: caller.id });
        await writeAudit(trx, {
          actorId: caller.id,
          action: 'files.move',
          targetType: 'file_node',
          targetId: node.id,
          detail: { from: node.parent_id, to: freshTarget.id },
          ip,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.nameTaken(first.node.name);
    throw error;
  }
  const moved = await nodes.findNodes(
    ctx.db,
    loaded.map(({ node }) => node.id),
  );
  const viewer = viewerFor(ctx, caller, first.access);
  return { items: moved.map((node) => presentNode(node, viewer)) };
}

/** POST upload/updateFileName: a clash is 409; a file keeps its extension (its content was checked against it). */
export async function renameNode(
  ctx: AppContext,
  caller: Caller,
  input: UpdateFileNameInput,
  ip: string,
): Promise<FileNode> {
  const { node, access } = await loadNode(ctx, caller, input.id, 'edit');
  if (node.parent_id === null) throw fail.rootFolder();
  if (node.is_dir !== 1) {
    const ext = fileExtension(node.name);
    if (fileExtension(input.name) !== ext) throw fail.extensionChange(ext);
  }
  const key = nameKey(input.name);
  const clash = await nodes.liveChildByKey(ctx.db, node.parent_id, key);
  if (clash && clash.id !== node.id) throw fail.nameTaken(input.name);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await nodes.renameNode(trx, node.id, input.name, key, nowIso(), caller.id);
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'files.rename',
        targetType: 'file_node',
        targetId: node.id,
        detail: { from: node.name, to: input.name },
        ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.nameTaken(input.name);
    throw error;
  }
  return presentNode(
    { ...node, name: input.name, name_key: key, updated_at: nowIso(), updated_by: caller.id },
    viewerFor(ctx, caller, access),
  );
}

/** POST upload/update: replaces a file's content (same type), keeping its id, name and place. */
export async function replaceContent(
  ctx: AppContext,
  caller: Caller,
  input: UpdateQuery,
  upload: IncomingUpload,
  locale: Locale,
  ip: string,
): Promise<FileNode> {
  const { node, access } = await loadNode(ctx, caller, input.id, 'edit');
  if (node.is_dir === 1 || node.stored_file_id === null) throw fail.notAFile();
  // Only a cap while streaming; what is charged is decided under the node's lock below.
  const oldSize = Number(node.size);
  const ext = fileExtension(node.name);
  const guarded: IncomingUpload = {
    contentLength: upload.contentLength,
    file: async () => {
      const file = await upload.file();
      if (file && fileExtension(file.filename) !== ext) {
        file.stream.resume();
        throw fail.updateTypeMismatch(ext);
      }
      return file;
    },
  };
  const { stored } = await receive(ctx, access, input.profile, input.size, guarded, locale, oldSize);
  let updated: FileNodeRow;
  let replacedId: number;
  try {
    ({ updated, replacedId } = await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await lockForWrite(trx, node.space_id);
      // What is replaced is the content the node holds now, read under its lock: a parallel
      // replacement that committed first is the one this call replaces and pays back.
      const current = await nodes.lockNode(trx, node.id);
      if (!current || current.stored_file_id === null) throw fail.nodeNotFound();
      const storedFileId = await nodes.insertStoredFile(trx, {
        storage_key: stored.key,
        original_name: stored.originalName,
        mime: stored.mime,
        size: stored.size,
        sha256: stored.sha256,
        owner_id: caller.id,
        created_at: now,
      });
      await chargeOrRefuse(ctx, trx, access, stored.size - Number(current.size));
      const row = await trx
        .updateTable('file_nodes')
        .set({
          stored_file_id: storedFileId,
          size: stored.size,
          mime: stored.mime,
          updated_at: now,
          updated_by: caller.id,
        })
        .where('id', '=', node.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'files.replace',
        targetType: 'file_node',
        targetId: node.id,
        detail: { size: stored.size },
        ip,
      });
      return { updated: row, replacedId: current.stored_file_id };
    }));
  } catch (error) {
    await ctx.storage
      .delete(stored.key)
      .catch((e: unknown) => ctx.log.warn({ err: e, key: stored.key }, 'refused replacement not removed'));
    throw error;
  }
  await releaseStoredFiles(ctx, [replacedId]);
  return presentNode(updated, viewerFor(ctx, caller, access));
}

/** Deletes stored files no node refers to any more: rows first, then the bytes (a leftover blob is harmless, a dangling row is not). */
export async function releaseStoredFiles(ctx: AppContext, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const file of await nodes.unreferencedStoredFiles(ctx.db, unique)) {
    try {
      await nodes.deleteStoredFiles(ctx.db, [file.id]);
    } catch (error) {
      // A copy made this very moment refers to it again (the foreign key refused the delete): keep it.
      ctx.log.info({ err: error, id: file.id }, 'stored file still referenced');
      continue;
    }
    await ctx.storage
      .delete(file.storage_key)
      .catch((error: unknown) => ctx.log.warn({ err: error, key: file.storage_key }, 'stored file not removed'));
  }
}

import {
  TRASH_RETENTION_DAYS,
  type NodeIdsInput,
  type TrashList,
  type TrashListInput,
} from '@mathbridge/contracts/files';
import type { AppContext } from '../../context.ts';
import type { FileNodeRow } from '../../db/types.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import * as fail from './files.errors.ts';
import { filesPolicy } from './files.policy.ts';
import { presentNode, presentTrashItem } from './files.presenter.ts';
import { firstFreeName, nameKey, splitName } from './names.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import * as nodes from './nodes.repository.ts';
import { ancestorIds, loadEach, loadNode, releaseStoredFiles, resolveFolder, viewerFor } from './nodes.service.ts';
import { deleteSpaceRow, findSpace, findSpaceByRef, lockSpace, releaseQuota } from './spaces.repository.ts';
import { presentSpace, rootOf } from './spaces.service.ts';

/**
 * The trash: `delete` moves nodes (with their subtrees) here; they can be restored for
 * TRASH_RETENTION_DAYS, then they are purged for good and their bytes and quota released.
 */

const DAY_MS = 86_400_000;

/** POST upload/delete: to the trash, restorable for 30 days. */
export async function trashNodes(
  ctx: AppContext,
  caller: Caller,
  input: NodeIdsInput,
  ip: string,
): Promise<{ ids: number[] }> {
  const loaded = await loadEach(ctx, caller, input.ids);
  if (loaded.some(({ node }) => node.parent_id === null)) throw fail.rootFolder();
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    for (const { node: stale } of loaded) {
      // An earlier item of this call may have been its folder: then it is in the trash already.
      const node = await nodes.findNode(trx, stale.id);
      if (!node || node.trashed_at !== null) continue;
      await nodes.trashSubtree(trx, node, now, caller.id);
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'files.trash',
        targetType: 'file_node',
        targetId: node.id,
        ip,
      });
    }
  });
  return { ids: loaded.map(({ node }) => node.id) };
}

/** GET upload/trashList: what was deleted in a space, newest first. Needs write access. */
export async function listTrash(ctx: AppContext, caller: Caller, input: TrashListInput): Promise<TrashList> {
  const { access } = await resolveFolder(ctx, caller, { space_id: input.space_id }, 'write');
  const [roots, total] = await Promise.all([
    nodes.trashRoots(ctx.db, access.space.id, input.page_size, offsetOf(input)),
    nodes.countTrashRoots(ctx.db, access.space.id),
  ]);
  const folderIds = [...new Set(roots.flatMap((node) => ancestorIds(node)))];
  const names = await nodes.namesById(ctx.db, folderIds);
  const viewer = viewerFor(ctx, caller, access);
  // The root folder's own name is not part of a path the user sees.
  const origin = (node: FileNodeRow) =>
    ancestorIds(node)
      .slice(1)
      .map((id) => names.get(id) ?? '')
      .join('/');
  return {
    space: await presentSpace(ctx, access),
    ...pageOf(
      input,
      roots.map((node) => presentTrashItem(node, viewer, origin(node))),
      total,
    ),
  };
}

async function trashRootFor(ctx: AppContext, caller: Caller, id: number) {
  const loaded = await loadNode(ctx, caller, id, 'edit', { trashed: true });
  if (loaded.node.trashed_at === null || loaded.node.trash_root_id !== loaded.node.id) throw fail.notInTrash();
  return loaded;
}

/**
 * POST upload/restore: back where it was; to the space's root when that folder is itself in the
 * trash; a name taken meanwhile gets ' (1)'.
 */
export async function restoreNodes(ctx: AppContext, caller: Caller, input: NodeIdsInput, ip: string) {
  const restored: FileNodeRow[] = [];
  let viewer;
  for (const id of new Set(input.ids)) {
    const { node, access } = await trashRootFor(ctx, caller, id);
    viewer ??= viewerFor(ctx, caller, access);
    const parent = node.parent_id === null ? undefined : await nodes.findNode(ctx.db, node.parent_id);
    const target = parent && parent.trashed_at === null ? parent : await rootOf(ctx, access.space);
    const isDir = node.is_dir === 1;
    for (let attempt = 0; ; attempt += 1) {
      const taken = await nodes.takenNameKeys(ctx.db, target.id, nameKey(splitName(node.name, isDir)[0]));
      const name = firstFreeName(node.name, isDir, taken);
      try {
        await ctx.db.transaction().execute(async (trx) => {
          const now = nowIso();
          // Still the same trash batch, locked: a parallel purge or restore of it came first otherwise.
          if (!(await nodes.lockNode(trx, node.id, 'trashRoot'))) throw fail.notInTrash();
          if (target.id !== node.parent_id) await nodes.reparent(trx, node, target, { now, by: caller.id });
          if (name !== node.name) await nodes.renameNode(trx, node.id, name, nameKey(name), now, caller.id);
          await nodes.untrashBatch(trx, node.space_id, node.id);
          await writeAudit(trx, {
            actorId: caller.id,
            action: 'files.restore',
            targetType: 'file_node',
            targetId: node.id,
            detail: { to: target.id },
            ip,
          });
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
    const fresh = await nodes.findNode(ctx.db, node.id);
    if (fresh) restored.push(fresh);
  }
  return { items: viewer ? restored.map((node) => presentNode(node, viewer)) : [] };
}

/**
 * Deletes a trashed node and everything below it for good; the bytes go when no copy refers to
 * them. Under the space's lock and the node's: a purge that lost a race with another purge or a
 * restore of the same batch finds it gone (or live again) and changes nothing, and the quota
 * released is what this call's own DELETE removed. Answers whether it purged.
 */
async function purgeRoot(ctx: AppContext, node: FileNodeRow, actorId: number | null, ip?: string): Promise<boolean> {
  const space = await findSpace(ctx.db, node.space_id);
  if (!space) return false;
  const gone = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockSpace(trx, space.id))) return null;
    const root = await nodes.lockNode(trx, node.id, 'trashRoot');
    if (!root) return null;
    const rows = await nodes.deleteSubtree(trx, root);
    const bytes = rows.reduce((sum, row) => sum + Number(row.size), 0);
    await releaseQuota(trx, space.quota_holder_type, space.quota_holder_id, bytes, nowIso());
    await writeAudit(trx, {
      actorId,
      action: 'files.purge',
      targetType: 'file_node',
      targetId: node.id,
      detail: { bytes, nodes: rows.length },
      ip,
    });
    return rows;
  });
  if (!gone) return false;
  await releaseStoredFiles(
    ctx,
    gone.flatMap((row) => (row.stored_file_id === null ? [] : [row.stored_file_id])),
  );
  return true;
}

/**
 * Deletes an item's space for good with everything in it, live or in the trash (internal API: the
 * item it belonged to is gone, e.g. a deleted draft demand). The quota is released in the same
 * transaction; the bytes go when no copy elsewhere refers to them. A missing space is no error.
 */
export async function deleteSpace(ctx: AppContext, refKey: string, actorId: number | null, ip?: string): Promise<void> {
  const space = await findSpaceByRef(ctx.db, refKey);
  if (!space) return;
  const gone = await ctx.db.transaction().execute(async (trx) => {
    // Uploads into the space wait for this lock, then find the space gone (404): none can land
    // in it unseen and be cascaded away with its bytes still charged.
    if (!(await lockSpace(trx, space.id))) return [];
    const root = space.root_id === null ? undefined : await nodes.findNode(trx, space.root_id);
    const rows = root ? await nodes.deleteSubtree(trx, root) : [];
    const bytes = rows.reduce((sum, row) => sum + Number(row.size), 0);
    await releaseQuota(trx, space.quota_holder_type, space.quota_holder_id, bytes, nowIso());
    await deleteSpaceRow(trx, space.id);
    await writeAudit(trx, {
      actorId,
      action: 'files.space_delete',
      targetType: 'file_space',
      targetId: space.id,
      detail: { ref: refKey, bytes, nodes: rows.length },
      ip,
    });
    return rows;
  });
  await releaseStoredFiles(
    ctx,
    gone.flatMap((row) => (row.stored_file_id === null ? [] : [row.stored_file_id])),
  );
}

/** POST upload/purge: deletes trashed items for good. */
export async function purgeNodes(
  ctx: AppContext,
  caller: Caller,
  input: NodeIdsInput,
  ip: string,
): Promise<{ ids: number[] }> {
  const roots = [];
  for (const id of new Set(input.ids)) roots.push((await trashRootFor(ctx, caller, id)).node);
  const purged: number[] = [];
  for (const node of roots) if (await purgeRoot(ctx, node, caller.id, ip)) purged.push(node.id);
  // Each was in the trash when checked; one a parallel call purged or restored meanwhile is not ours.
  if (purged.length === 0) throw fail.notInTrash();
  return { ids: purged };
}

/** POST upload/emptyTrash: purges everything in a space's trash the caller may purge. */
export async function emptyTrash(
  ctx: AppContext,
  caller: Caller,
  spaceId: number | undefined,
  ip: string,
): Promise<{ purged: number }> {
  const { access } = await resolveFolder(ctx, caller, { space_id: spaceId }, 'write');
  let purged = 0;
  // In publish-own spaces others' items stay; step over them.
  let skipped = 0;
  for (;;) {
    const batch = await nodes.trashRoots(ctx.db, access.space.id, 100, skipped);
    const mine = batch.filter((node) => filesPolicy.can(access.actor, 'edit', { space: access.space, node }));
    for (const node of mine) if (await purgeRoot(ctx, node, caller.id, ip)) purged += 1;
    skipped += batch.length - mine.length;
    if (batch.length < 100) break;
  }
  return { purged };
}

/** Purges what has been in the trash longer than the retention; run hourly by the module. */
export async function purgeExpiredTrash(ctx: AppContext, now = Date.now()): Promise<number> {
  const before = new Date(now - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
  let purged = 0;
  for (;;) {
    const batch = await nodes.expiredTrashRoots(ctx.db, before, 100);
    for (const node of batch) if (await purgeRoot(ctx, node, null)) purged += 1;
    if (batch.length < 100) return purged;
  }
}

import { STATUS } from '@mathbridge/contracts/api';
import type { DemandAttachment } from '@mathbridge/contracts/demands';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { AppContext } from '../../context.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';
import { loadNode } from '../files/nodes.service.ts';
import { adoptSpace, createSpace } from '../files/spaces.service.ts';
import type { Db } from '../../db/database.ts';

/**
 * Attachments of demands and solutions live in the item's own file space (files module): the
 * owner uploads there (`upload/upload?space_id=…&profile=document`), the item lists the chosen
 * file ids, and readers get access to the space when they are entitled (a receiving institute,
 * the enterprise a solution was submitted to). The item keeps a snapshot of name and size, so
 * lists and the admin's review show them without file access.
 */

/** The refusals of `loadNode` for a file the caller cannot use: gone or trashed (404), not theirs to read (304). */
const isUnreadable = (error: unknown): boolean =>
  error instanceof AppError && (error.status === STATUS.notFound || error.status === STATUS.forbidden);

/** The item's space, created once per item (idempotent by its ref key, safe under races). */
export async function ensureItemSpace(
  ctx: AppContext,
  kind: 'demand' | 'solution',
  id: number,
  ownerUserId: number,
  orgId: number,
): Promise<number> {
  const space = await createSpace(ctx, {
    kind,
    refKey: `${kind}:${id}`,
    name: `${kind}-${id}`,
    ownerUserId,
    quotaHolder: { type: 'org', id: orgId },
  });
  return space.id;
}

/**
 * A new item has no space yet, but its attachments are chosen while it is written: they go to the
 * author's tray for that kind (one per user, created on first use), and the item's first save adopts
 * the tray as its own space. Files chosen and then removed go along, as they stay in an item's
 * space when removed while editing; the next new item gets a fresh tray.
 */
const trayRef = (kind: 'demand' | 'solution', userId: number) => `${kind}-new:${userId}`;

/** The caller's tray for attachments of a `kind` not saved yet (`demand/attachmentSpace`). */
export async function ensureAttachmentTray(
  ctx: AppContext,
  kind: 'demand' | 'solution',
  userId: number,
  orgId: number,
): Promise<{ space_id: number }> {
  const space = await createSpace(ctx, {
    kind: `${kind}-new`,
    refKey: trayRef(kind, userId),
    name: `${kind}-new`,
    ownerUserId: userId,
    quotaHolder: { type: 'org', id: orgId },
  });
  return { space_id: space.id };
}

/** Makes the caller's tray the new item's space, inside the transaction that creates the item; false if another save took it. */
export function adoptAttachmentTray(
  trx: Db,
  kind: 'demand' | 'solution',
  trayId: number,
  itemId: number,
  userId: number,
): Promise<boolean> {
  return adoptSpace(
    trx,
    trayId,
    trayRef(kind, userId),
    { kind, refKey: `${kind}:${itemId}`, name: `${kind}-${itemId}` },
    userId,
  );
}

/** Checks every id is a live file of the item's space that the caller can read; returns the snapshot. */
export async function snapshotAttachments(
  ctx: AppContext,
  caller: Caller,
  spaceId: number | null,
  ids: readonly number[],
  locale: Locale,
): Promise<DemandAttachment[]> {
  const refuse = () =>
    invalidField('attachments', 'attachmentNotInSpace', translate(locale, 'errors.attachmentNotInSpace'));
  if (ids.length === 0) return [];
  if (spaceId === null) throw refuse();
  const out: DemandAttachment[] = [];
  for (const id of ids) {
    const node = await loadNode(ctx, caller, id, 'read')
      .then((r) => r.node)
      .catch((error: unknown) => {
        if (isUnreadable(error)) throw refuse();
        throw error;
      });
    if (node.space_id !== spaceId || node.is_dir === 1) throw refuse();
    out.push({ id: node.id, name: node.name, size: Number(node.size), mime: node.mime });
  }
  return out;
}

/** The ids among `ids` the caller can still read (deleted or moved files drop out of a download). */
export async function readableIds(ctx: AppContext, caller: Caller, ids: readonly number[]): Promise<number[]> {
  const out: number[] = [];
  for (const id of ids) {
    const ok = await loadNode(ctx, caller, id, 'read').then(
      () => true,
      (error: unknown) => {
        if (isUnreadable(error)) return false;
        throw error;
      },
    );
    if (ok) out.push(id);
  }
  return out;
}

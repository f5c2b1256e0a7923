import { STATUS } from '@mathbridge/contracts/api';
import type { DemandAttachment } from '@mathbridge/contracts/demands';
import type { Locale } from '@mathbridge/contracts/locales';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';
import { loadNode, snapshotSpaceFiles } from '../files/nodes.service.ts';
import type { FileNodeRow, FileSpaceRow } from '../../db/types.ts';
import { adoptSpace, createSpace, registerItemFileReader } from '../files/spaces.service.ts';
import { certifiedOrganisationOfUser } from '../identity/org-actor.service.ts';
import { findDemand, findReceipt } from './demands.repository.ts';
import { attachmentsOf } from './demands.presenter.ts';
import { demandPolicy, solutionPolicy } from './demands.policy.ts';
import { findSolution } from './solutions.repository.ts';
import type { Db } from '../../db/database.ts';

/**
 * Attachments of demands and solutions live in the item's own file space (files module): the
 * owner uploads there (`upload/upload?space_id=…&profile=document`) and the item lists the chosen
 * file ids. Nobody else is a member of those spaces: other readers are decided per file by
 * `canReadAttachment` (registered with the files module), from what the item attaches and its
 * state now. The item keeps a snapshot of name and size, so lists and the admin's review show
 * them without file access.
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

/** Checks every id is a live file of the item's space that the caller can read; returns the snapshot (files module). */
export const snapshotAttachments: (
  ctx: AppContext,
  caller: Caller,
  spaceId: number | null,
  ids: readonly number[],
  locale: Locale,
) => Promise<DemandAttachment[]> = snapshotSpaceFiles;

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

const attaches = (json: string, node: FileNodeRow) => attachmentsOf(json).some((a) => a.id === node.id);

/**
 * Who besides the owner reads a file of a demand's or a solution's space (issue 9, docs/architecture.md
 * 'File grants'): exactly the files the item attaches, to the organisation it is addressed to, in
 * the states that organisation sees the item (demands.policy.ts `readAttachments`) — a demand's to
 * the institutes that received it once it is published (closed and completed included); a
 * solution's to the demand's enterprise once it is submitted, until it is withdrawn. Asked when a
 * link is issued and again when it is opened.
 */
export async function canReadAttachment(
  ctx: AppContext,
  userId: number,
  space: FileSpaceRow,
  node: FileNodeRow,
): Promise<boolean> {
  const [kind, idText] = (space.ref_key ?? '').split(':');
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return false;
  if (kind === 'demand') {
    const demand = await findDemand(ctx.db, id);
    if (!demand || !attaches(demand.attachments, node)) return false;
    const org = await certifiedOrganisationOfUser(ctx, userId);
    const received = org?.type === 'ResearchInstitute' && (await findReceipt(ctx.db, demand.id, org.id)) !== undefined;
    return demandPolicy.can({ received }, 'readAttachments', demand);
  }
  if (kind === 'solution') {
    const solution = await findSolution(ctx.db, id);
    if (!solution || !attaches(solution.attachments, node)) return false;
    const demand = await findDemand(ctx.db, solution.demand_id);
    if (!demand) return false;
    const org = await certifiedOrganisationOfUser(ctx, userId);
    const enterpriseId = org?.type === 'Enterprise' ? org.id : null;
    return solutionPolicy.can({ enterpriseId }, 'readAttachments', { solution, demand });
  }
  return false;
}

/** Hands the files module the readers of demand and solution spaces (called once when the app is built). */
export function registerAttachmentReaders(ctx: AppContext): void {
  registerItemFileReader(ctx, 'demand', canReadAttachment);
  registerItemFileReader(ctx, 'solution', canReadAttachment);
}

import { STATUS } from '@mathbridge/contracts/api';
import { SPACE_ROLES, type Quota, type SpaceInfo, type SpaceRole } from '@mathbridge/contracts/files';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { FileNodeRow, FileSpaceRow } from '../../db/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { filesConfig } from './files.config.ts';
import { filesPolicy, PERSONAL, SHARED_TPL, standingIn, type SpaceActor } from './files.policy.ts';
import { nameKey } from './names.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { findNode, insertNode, renameNode } from './nodes.repository.ts';
import * as repo from './spaces.repository.ts';

/**
 * Spaces: the internal API other modules use (subjects, directions and demands create their
 * spaces here and grant members; they never touch the tables). Who may do what in a space is
 * files.policy.ts.
 */

export type QuotaHolder = { type: 'user' | 'org' | 'platform'; id: number };

/** What a caller may do in a space: their role there, and who they are (the node rules ask again). */
export interface SpaceAccess {
  actor: SpaceActor;
  space: FileSpaceRow;
  role: SpaceRole;
}

const asRole = (role: string | undefined | null): SpaceRole | null =>
  (SPACE_ROLES as readonly string[]).includes(role ?? '') ? (role as SpaceRole) : null;

/**
 * Who a user is in a space, for filesPolicy: their member row, and (signed in) their roles. Without
 * `session` (a signed link being opened) only ownership and membership count.
 */
export async function spaceActor(
  db: Db,
  userId: number,
  space: FileSpaceRow,
  session?: Pick<Caller, 'roles' | 'verifyState'>,
): Promise<SpaceActor> {
  const memberRole = (await repo.memberRole(db, space.id, userId)) ?? null;
  return session ? { userId, memberRole, session } : { userId, memberRole };
}

/** The actor's access to a space as filesPolicy derives it, or null when they have no standing there. */
export function accessIn(actor: SpaceActor, space: FileSpaceRow): SpaceAccess | null {
  const standing = standingIn(actor, space);
  return standing ? { actor, space, role: standing.role } : null;
}

/** The signed-in caller's access to a space, or null. */
export async function accessOf(db: Db, caller: Caller, space: FileSpaceRow): Promise<SpaceAccess | null> {
  return accessIn(await spaceActor(db, caller.id, space, caller), space);
}

/**
 * Readers an item decides (issue 9): a space that belongs to an item — a demand's, a solution's —
 * is read by its owner and members as any space, and beyond them by whom the item names, one file
 * at a time: `reader(ctx, userId, space, node)` answers whether that user may read that file now
 * (e.g. a receiving institute, a file the demand attaches). The module that owns the item registers
 * it for the space kind when the app is built; the files module asks it on every read of such a
 * file: when a link is issued and again when it is opened. Folders are never granted this way.
 */
export type ItemFileReader = (
  ctx: AppContext,
  userId: number,
  space: FileSpaceRow,
  node: FileNodeRow,
) => Promise<boolean>;

const itemReaders = new WeakMap<AppContext, Map<string, ItemFileReader>>();

export function registerItemFileReader(ctx: AppContext, kind: string, reader: ItemFileReader): void {
  let readers = itemReaders.get(ctx);
  if (!readers) {
    readers = new Map();
    itemReaders.set(ctx, readers);
  }
  if (readers.has(kind)) throw new Error(`a reader of ${kind} spaces is registered twice`);
  readers.set(kind, reader);
}

/**
 * Whether the item its space belongs to lets this user read this live file (see ItemFileReader):
 * the `itemGrants` of filesPolicy's `readThroughItem`. Folders and trashed nodes are never asked about.
 */
export async function itemGrantsRead(
  ctx: AppContext,
  userId: number,
  space: FileSpaceRow,
  node: FileNodeRow,
): Promise<boolean> {
  if (node.is_dir === 1 || node.trashed_at !== null) return false;
  const reader = itemReaders.get(ctx)?.get(space.kind);
  return reader ? reader(ctx, userId, space, node) : false;
}

/** A space the caller may use with at least `need`: 404 when it does not exist, 304 when not theirs. */
export async function requireSpace(
  ctx: AppContext,
  caller: Caller,
  spaceId: number,
  need: SpaceRole,
): Promise<SpaceAccess> {
  const space = await repo.findSpace(ctx.db, spaceId);
  if (!space || space.root_id === null) throw notFound();
  const actor = await spaceActor(ctx.db, caller.id, space, caller);
  filesPolicy.authorize(actor, need, space);
  // Granted `need`, the caller stands in the space: the role is theirs (`need` is only its floor).
  return { actor, space, role: standingIn(actor, space)?.role ?? need };
}

export interface CreateSpaceInput {
  kind: string;
  /** Makes creation idempotent: the same key returns the existing space. */
  refKey?: string;
  name: string;
  ownerUserId: number | null;
  quotaHolder: QuotaHolder;
}

/**
 * Creates a space with its root folder (internal API). With `refKey` it is idempotent and safe
 * under races: a second caller gets the space the first one created.
 */
export async function createSpace(
  ctx: AppContext,
  input: CreateSpaceInput,
  actorId: number | null = input.ownerUserId,
): Promise<FileSpaceRow> {
  if (input.refKey) {
    const existing = await repo.findSpaceByRef(ctx.db, input.refKey);
    if (existing) return existing;
  }
  const now = nowIso();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const space = await repo.insertSpace(trx, {
        kind: input.kind,
        ref_key: input.refKey ?? null,
        name: input.name,
        owner_user_id: input.ownerUserId,
        quota_holder_type: input.quotaHolder.type,
        quota_holder_id: input.quotaHolder.id,
        root_id: null,
        created_at: now,
        updated_at: now,
      });
      const root = await insertNode(trx, {
        space_id: space.id,
        parent_id: null,
        name: input.name,
        name_key: nameKey(input.name),
        is_dir: 1,
        stored_file_id: null,
        mime: null,
        path: '/',
        depth: 0,
        created_by: actorId,
        updated_by: actorId,
        created_at: now,
        updated_at: now,
        trashed_at: null,
        trashed_by: null,
        trash_root_id: null,
      });
      await repo.setSpaceRoot(trx, space.id, root.id);
      await repo.ensureQuota(trx, input.quotaHolder.type, input.quotaHolder.id, now);
      await writeAudit(trx, {
        actorId,
        action: 'files.space_create',
        targetType: 'file_space',
        targetId: space.id,
        detail: { kind: input.kind, ref: input.refKey },
      });
      return { ...space, root_id: root.id };
    });
  } catch (error) {
    if (input.refKey && isUniqueViolation(error)) {
      const existing = await repo.findSpaceByRef(ctx.db, input.refKey);
      if (existing) return existing;
    }
    throw error;
  }
}

/**
 * Hands a space over to a new owner object (internal API): a space made before the item it belongs
 * to existed (a tray of attachments for a demand being written) becomes that item's space. Only
 * while the space still has `fromRef`: false when another call took it first. Pass the transaction
 * that creates the item, so both happen or neither.
 */
export async function adoptSpace(
  db: Db,
  spaceId: number,
  fromRef: string,
  to: { kind: string; refKey: string; name: string },
  actorId: number,
): Promise<boolean> {
  const now = nowIso();
  if (
    !(await repo.renameSpaceRef(db, spaceId, fromRef, {
      kind: to.kind,
      ref_key: to.refKey,
      name: to.name,
      updated_at: now,
    }))
  )
    return false;
  // The root folder carries the space's name, as createSpace made it.
  const space = await repo.findSpace(db, spaceId);
  if (space?.root_id != null) await renameNode(db, space.root_id, to.name, nameKey(to.name), now, actorId);
  return true;
}

/** Every user's own space, created the first time it is needed. */
export const ensurePersonalSpace = (ctx: AppContext, userId: number): Promise<FileSpaceRow> =>
  createSpace(ctx, {
    kind: PERSONAL,
    refKey: `${PERSONAL}:${userId}`,
    name: PERSONAL,
    ownerUserId: userId,
    quotaHolder: { type: 'user', id: userId },
  });

/** The platform's one space of shared template files (/manage/sharedTplFile). */
export const ensureSharedTplSpace = (ctx: AppContext): Promise<FileSpaceRow> =>
  createSpace(
    ctx,
    {
      kind: SHARED_TPL,
      refKey: SHARED_TPL,
      name: SHARED_TPL,
      ownerUserId: null,
      quotaHolder: { type: 'platform', id: 0 },
    },
    null,
  );

/** Grants (or changes) a member's role in a space (internal API, e.g. subject authorityManagement). */
export async function grantSpaceMember(
  ctx: AppContext,
  spaceId: number,
  userId: number,
  role: SpaceRole,
  actorId: number | null,
): Promise<void> {
  if (!asRole(role)) throw new AppError(STATUS.invalid, 'errors.invalidInput');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertMember(trx, {
      space_id: spaceId,
      user_id: userId,
      role,
      granted_by: actorId,
      created_at: nowIso(),
    });
    await writeAudit(trx, {
      actorId,
      action: 'files.member_grant',
      targetType: 'file_space',
      targetId: spaceId,
      detail: { userId, role },
    });
  });
}

export async function revokeSpaceMember(
  ctx: AppContext,
  spaceId: number,
  userId: number,
  actorId: number | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteMember(trx, spaceId, userId);
    await writeAudit(trx, {
      actorId,
      action: 'files.member_revoke',
      targetType: 'file_space',
      targetId: spaceId,
      detail: { userId },
    });
  });
}

export const listSpaceMembers = (ctx: AppContext, spaceId: number) => repo.listMembers(ctx.db, spaceId);

/** Sets a holder's own quota (null = back to the deployment default); for admin tools. */
export const setQuotaLimit = (ctx: AppContext, holder: QuotaHolder, limitBytes: number | null) =>
  repo.setQuotaLimit(ctx.db, holder.type, holder.id, limitBytes, nowIso());

export function defaultQuota(ctx: AppContext, holderType: string): number {
  const config = filesConfig(ctx);
  if (holderType === 'org') return config.orgQuotaBytes;
  if (holderType === 'platform') return config.platformQuotaBytes;
  return config.userQuotaBytes;
}

export async function quotaOf(ctx: AppContext, space: FileSpaceRow, db: Db = ctx.db): Promise<Quota> {
  const row = await repo.findQuota(db, space.quota_holder_type, space.quota_holder_id);
  return {
    holder: space.quota_holder_type as Quota['holder'],
    used_bytes: row ? Number(row.used_bytes) : 0,
    quota_bytes:
      row?.limit_bytes === null || row?.limit_bytes === undefined
        ? defaultQuota(ctx, space.quota_holder_type)
        : Number(row.limit_bytes),
  };
}

export async function presentSpace(ctx: AppContext, access: SpaceAccess): Promise<SpaceInfo> {
  const { space } = access;
  return {
    id: space.id,
    kind: space.kind,
    name: space.name,
    root_id: space.root_id ?? 0,
    role: access.role,
    quota: await quotaOf(ctx, space),
  };
}

/** The spaces the caller can open: the personal one first, shared templates if allowed, then the rest. */
export async function listMySpaces(ctx: AppContext, caller: Caller): Promise<{ items: SpaceInfo[] }> {
  const personal = await ensurePersonalSpace(ctx, caller.id);
  // Their own personal space: they manage it, and it has no members.
  const accesses: SpaceAccess[] = [
    { actor: { userId: caller.id, memberRole: null, session: caller }, space: personal, role: 'manage' },
  ];
  const shared = await ensureSharedTplSpace(ctx);
  const sharedAccess = await accessOf(ctx.db, caller, shared);
  if (sharedAccess) accesses.push(sharedAccess);
  for (const row of await repo.spacesOfUser(ctx.db, caller.id)) {
    const { member_role: memberRole, ...space } = row;
    if (space.id === personal.id || space.id === shared.id) continue;
    const access = accessIn({ userId: caller.id, memberRole, session: caller }, space);
    if (access) accesses.push(access);
  }
  return { items: await Promise.all(accesses.map((access) => presentSpace(ctx, access))) };
}

/** A space's root node (every space has one from its creation). */
export async function rootOf(ctx: AppContext, space: FileSpaceRow, db: Db = ctx.db): Promise<FileNodeRow> {
  const root = space.root_id === null ? undefined : await findNode(db, space.root_id);
  if (!root) throw notFound();
  return root;
}

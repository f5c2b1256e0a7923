import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FileSpaceRow, FileSpacesTable } from '../../db/types.ts';

/** Kysely queries over spaces, their members and quotas; services pass a transaction when they need one. */

export const findSpace = (db: Db, id: number): Promise<FileSpaceRow | undefined> =>
  db.selectFrom('file_spaces').selectAll().where('id', '=', id).executeTakeFirst();

export const findSpaceByRef = (db: Db, refKey: string): Promise<FileSpaceRow | undefined> =>
  db.selectFrom('file_spaces').selectAll().where('ref_key', '=', refKey).executeTakeFirst();

export const insertSpace = (db: Db, space: Insertable<FileSpacesTable>): Promise<FileSpaceRow> =>
  db.insertInto('file_spaces').values(space).returningAll().executeTakeFirstOrThrow();

/** Gives a space a new identity, only while it still has `fromRef` (so one caller wins a race); true if it did. */
export async function renameSpaceRef(
  db: Db,
  spaceId: number,
  fromRef: string,
  to: { kind: string; ref_key: string; name: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('file_spaces')
    .set(to)
    .where('id', '=', spaceId)
    .where('ref_key', '=', fromRef)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setSpaceRoot(db: Db, spaceId: number, rootId: number): Promise<void> {
  await db.updateTable('file_spaces').set({ root_id: rootId }).where('id', '=', spaceId).execute();
}

export async function memberRole(db: Db, spaceId: number, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('file_space_members')
    .select('role')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export async function upsertMember(
  db: Db,
  member: { space_id: number; user_id: number; role: string; granted_by: number | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('file_space_members')
    .values(member)
    .onConflict((oc) =>
      oc.columns(['space_id', 'user_id']).doUpdateSet({ role: member.role, granted_by: member.granted_by }),
    )
    .execute();
}

/**
 * Locks a space's row for the rest of the transaction (a no-op UPDATE: a row lock on PostgreSQL,
 * and SQLite runs one write transaction at a time anyway); false when the space is gone. Every
 * write that changes a space's bytes (upload, copy, replace, purge, space deletion) takes it
 * first, then node locks, then the quota row: one order, so they serialize per space and never
 * deadlock, and a space deleted meanwhile refuses the write instead of cascading its bytes away
 * uncounted.
 */
export async function lockSpace(db: Db, spaceId: number): Promise<boolean> {
  const row = await db
    .updateTable('file_spaces')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', spaceId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a space row with its members (its nodes must be gone: see trash.service deleteSpace). */
export async function deleteSpaceRow(db: Db, spaceId: number): Promise<void> {
  await db.deleteFrom('file_space_members').where('space_id', '=', spaceId).execute();
  await db.deleteFrom('file_spaces').where('id', '=', spaceId).execute();
}

export async function deleteMember(db: Db, spaceId: number, userId: number): Promise<void> {
  await db.deleteFrom('file_space_members').where('space_id', '=', spaceId).where('user_id', '=', userId).execute();
}

export const listMembers = (db: Db, spaceId: number) =>
  db
    .selectFrom('file_space_members')
    .select(['user_id', 'role', 'granted_by', 'created_at'])
    .where('space_id', '=', spaceId)
    .orderBy('user_id')
    .execute();

/** Spaces a user owns or is a member of, with the member role (null for owned ones). */
export const spacesOfUser = (db: Db, userId: number) =>
  db
    .selectFrom('file_spaces as s')
    .leftJoin('file_space_members as m', (join) => join.onRef('m.space_id', '=', 's.id').on('m.user_id', '=', userId))
    .selectAll('s')
    .select('m.role as member_role')
    .where((eb) => eb.or([eb('s.owner_user_id', '=', userId), eb('m.user_id', '=', userId)]))
    .orderBy('s.id')
    .execute();

export interface QuotaRow {
  used_bytes: number;
  limit_bytes: number | null;
}

export const findQuota = (db: Db, holderType: string, holderId: number): Promise<QuotaRow | undefined> =>
  db
    .selectFrom('file_quotas')
    .select(['used_bytes', 'limit_bytes'])
    .where('holder_type', '=', holderType)
    .where('holder_id', '=', holderId)
    .executeTakeFirst();

export async function ensureQuota(db: Db, holderType: string, holderId: number, now: string): Promise<void> {
  await db
    .insertInto('file_quotas')
    .values({ holder_type: holderType, holder_id: holderId, limit_bytes: null, updated_at: now })
    .onConflict((oc) => oc.columns(['holder_type', 'holder_id']).doNothing())
    .execute();
}

/**
 * The quota's one atomic step (issue 9): adds `bytes` with a single guarded UPDATE, inside the
 * transaction of the write it pays for. A positive amount is charged only while the total stays
 * within the limit; a negative one (a smaller replacement) is always applied, floored at 0. True
 * when charged. The caller computes `bytes` from rows it read after taking their locks (see
 * `lockSpace`), never from a read made before its transaction.
 */
export async function chargeQuota(
  db: Db,
  holderType: string,
  holderId: number,
  bytes: number,
  defaultLimit: number,
  now: string,
): Promise<boolean> {
  if (bytes < 0) {
    await releaseQuota(db, holderType, holderId, -bytes, now);
    return true;
  }
  const result = await db
    .updateTable('file_quotas')
    .set({ used_bytes: sql`used_bytes + cast(${bytes} as bigint)`, updated_at: now })
    .where('holder_type', '=', holderType)
    .where('holder_id', '=', holderId)
    .where(
      sql`used_bytes + cast(${bytes} as bigint)`,
      '<=',
      sql`coalesce(limit_bytes, cast(${defaultLimit} as bigint))`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back `bytes` (purges, smaller replacements): one UPDATE, never below 0. */
export async function releaseQuota(
  db: Db,
  holderType: string,
  holderId: number,
  bytes: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('file_quotas')
    .set({
      used_bytes: sql`case when used_bytes > cast(${bytes} as bigint) then used_bytes - cast(${bytes} as bigint) else 0 end`,
      updated_at: now,
    })
    .where('holder_type', '=', holderType)
    .where('holder_id', '=', holderId)
    .execute();
}

export async function setQuotaLimit(
  db: Db,
  holderType: string,
  holderId: number,
  limitBytes: number | null,
  now: string,
): Promise<void> {
  await ensureQuota(db, holderType, holderId, now);
  await db
    .updateTable('file_quotas')
    .set({ limit_bytes: limitBytes, updated_at: now })
    .where('holder_type', '=', holderType)
    .where('holder_id', '=', holderId)
    .execute();
}

import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InvitationRow, InvitationsTable } from '../../db/types.ts';

/** Kysely queries over invitation links. */

export const INVITATION_STATUS = { open: 0, accepted: 1, revoked: 2 } as const;

export async function insertInvitation(db: Db, row: Insertable<InvitationsTable>): Promise<InvitationRow> {
  return db.insertInto('invitations').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findInvitation = (db: Db, id: string): Promise<InvitationRow | undefined> =>
  db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();

/** Changes an invitation only while it is still open and unexpired. */
export async function moveOpenInvitation(
  db: Db,
  id: string,
  now: string,
  changes: Updateable<InvitationsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', INVITATION_STATUS.open)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type InvitationStateFilter = 'valid' | 'expired' | 'revoked' | 'accepted';

function invitationQuery(db: Db, orgId: number, state: InvitationStateFilter | undefined, now: string) {
  let query = db.selectFrom('invitations').where('invitations.org_id', '=', orgId);
  if (state === 'valid')
    query = query.where('invitations.status', '=', INVITATION_STATUS.open).where('invitations.expires_at', '>', now);
  if (state === 'expired')
    query = query.where('invitations.status', '=', INVITATION_STATUS.open).where('invitations.expires_at', '<=', now);
  if (state === 'revoked') query = query.where('invitations.status', '=', INVITATION_STATUS.revoked);
  if (state === 'accepted') query = query.where('invitations.status', '=', INVITATION_STATUS.accepted);
  return query;
}

export async function countInvitations(
  db: Db,
  orgId: number,
  state: InvitationStateFilter | undefined,
  now: string,
): Promise<number> {
  const row = await invitationQuery(db, orgId, state, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const listInvitations = (
  db: Db,
  orgId: number,
  state: InvitationStateFilter | undefined,
  now: string,
  limit: number,
  offset: number,
) =>
  invitationQuery(db, orgId, state, now)
    .leftJoin('users', 'users.id', 'invitations.accepted_by')
    .selectAll('invitations')
    .select(['users.account as accepted_account', 'users.truename as accepted_truename'])
    .orderBy('invitations.created_at', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/** Invitations made for an organisation since a time (a daily cap). */
export async function countInvitationsSince(db: Db, orgId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

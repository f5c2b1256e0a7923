import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrgMemberRow, OrgMembersTable } from '../../db/types.ts';

/** Kysely queries over organisation memberships (claims and invitations). */

export const MEMBER_STATUS = { pending: 0, member: 1, rejected: 2, withdrawn: 3 } as const;

export async function insertMember(db: Db, row: Insertable<OrgMembersTable>): Promise<OrgMemberRow> {
  return db.insertInto('org_members').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findMember = (db: Db, id: number): Promise<OrgMemberRow | undefined> =>
  db.selectFrom('org_members').selectAll().where('id', '=', id).executeTakeFirst();

/** The person's membership of the organisation in one of these statuses, newest first. */
export const membershipOf = (
  db: Db,
  orgId: number,
  userId: number,
  statuses: readonly number[],
): Promise<OrgMemberRow | undefined> =>
  db
    .selectFrom('org_members')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('status', 'in', [...statuses])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const pendingClaimsOf = (db: Db, userId: number): Promise<OrgMemberRow[]> =>
  db
    .selectFrom('org_members')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', MEMBER_STATUS.pending)
    .execute();

export const claimOfCertification = (db: Db, certificationId: number): Promise<OrgMemberRow | undefined> =>
  db
    .selectFrom('org_members')
    .selectAll()
    .where('certification_id', '=', certificationId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Changes a membership only if it is still `from`. */
export async function moveMember(
  db: Db,
  id: number,
  from: number,
  changes: Updateable<OrgMembersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('org_members')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countMembers(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('org_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('status', '=', MEMBER_STATUS.member)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface MemberFilters {
  orgId?: number | undefined;
  status?: number | undefined;
}

function memberQuery(db: Db, filters: MemberFilters) {
  let query = db
    .selectFrom('org_members')
    .innerJoin('users', 'users.id', 'org_members.user_id')
    .innerJoin('organisations', 'organisations.id', 'org_members.org_id');
  if (filters.orgId !== undefined) query = query.where('org_members.org_id', '=', filters.orgId);
  if (filters.status !== undefined) query = query.where('org_members.status', '=', filters.status);
  return query;
}

export async function countMemberRows(db: Db, filters: MemberFilters): Promise<number> {
  const row = await memberQuery(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const listMemberRows = (db: Db, filters: MemberFilters, limit: number, offset: number) =>
  memberQuery(db, filters)
    .selectAll('org_members')
    .select(['users.account as user_account', 'users.truename as user_truename', 'organisations.name as org_name'])
    .orderBy('org_members.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export type MemberWithNames = Awaited<ReturnType<typeof listMemberRows>>[number];

export const findMemberWithNames = (db: Db, id: number): Promise<MemberWithNames | undefined> =>
  memberQuery(db, {})
    .selectAll('org_members')
    .select(['users.account as user_account', 'users.truename as user_truename', 'organisations.name as org_name'])
    .where('org_members.id', '=', id)
    .executeTakeFirst();

/** The organisations a person belongs to or has asked to join (dashboard). */
export const membershipsOfUser = (db: Db, userId: number) =>
  db
    .selectFrom('org_members')
    .innerJoin('organisations', 'organisations.id', 'org_members.org_id')
    .select(['org_members.org_id', 'organisations.name as org_name', 'org_members.status'])
    .where('org_members.user_id', '=', userId)
    .where('org_members.status', 'in', [MEMBER_STATUS.pending, MEMBER_STATUS.member])
    .orderBy('org_members.id', 'desc')
    .execute();

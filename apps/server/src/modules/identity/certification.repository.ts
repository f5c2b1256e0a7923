import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CertificationRow } from '../../db/types.ts';
import { likeContains, likePrefix } from '../../lib/sql.ts';

/** Kysely queries over certifications, surveys and certificate files (verify_state and roles: user.service.ts). */

/** For `certifications as c`: `c` is its user's newest certification (no later one of the same user). */
const NEWEST_OF_ITS_USER = sql<boolean>`not exists (select 1 from certifications n where n.user_id = c.user_id and n.id > c.id)`;

export type NewCertification = Omit<CertificationRow, 'id' | 'id_number_sealed'> & { id_number_sealed?: string | null };

export async function insertCertification(db: Db, row: NewCertification): Promise<CertificationRow> {
  return db.insertInto('certifications').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findCertification = (db: Db, id: number): Promise<CertificationRow | undefined> =>
  db.selectFrom('certifications').selectAll().where('id', '=', id).executeTakeFirst();

export const latestCertificationOf = (db: Db, userId: number): Promise<CertificationRow | undefined> =>
  db
    .selectFrom('certifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The newest certification of each of these users (one query; users without one are absent). */
export const latestCertificationsOf = (db: Db, userIds: readonly number[]): Promise<CertificationRow[]> =>
  userIds.length
    ? db
        .selectFrom('certifications as c')
        .selectAll('c')
        .where('c.user_id', 'in', [...userIds])
        .where(NEWEST_OF_ITS_USER)
        .execute()
    : Promise.resolve([]);

export const latestCertificationOfOrg = (db: Db, orgId: number): Promise<CertificationRow | undefined> =>
  db
    .selectFrom('certifications')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const pendingCertificationOf = (db: Db, userId: number): Promise<CertificationRow | undefined> =>
  db
    .selectFrom('certifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Moves a request from one status to another only if it is still in the first: of two reviewers
 * acting at once, one changes the row and the other sees 0 and answers 409.
 */
export async function moveCertification(
  db: Db,
  id: number,
  from: number,
  changes: Partial<Pick<CertificationRow, 'status' | 'reason' | 'reviewer_id' | 'reviewed_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('certifications')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ReviewFilters {
  status?: number | undefined;
  role?: string | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  before?: string | undefined;
}

function reviewQuery(db: Db, filters: ReviewFilters) {
  let query = db.selectFrom('certifications').innerJoin('users', 'users.id', 'certifications.user_id');
  if (filters.status !== undefined) query = query.where('certifications.status', '=', filters.status);
  if (filters.role) query = query.where('certifications.role', '=', filters.role);
  if (filters.from) query = query.where('certifications.submitted_at', '>=', filters.from);
  if (filters.before) query = query.where('certifications.submitted_at', '<', filters.before);
  if (filters.keyword) {
    const contains = likeContains(filters.keyword.toLowerCase());
    const prefix = likePrefix(filters.keyword.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('certifications.title')}) like ${contains} escape '\\'`,
        sql<boolean>`lower(${eb.ref('users.account')}) like ${contains} escape '\\'`,
        sql<boolean>`${eb.ref('users.phone')} like ${prefix} escape '\\'`,
      ]),
    );
  }
  return query;
}

export const REVIEW_USER_COLUMNS = [
  'users.account as user_account',
  'users.truename as user_truename',
  'users.phone as user_phone',
] as const;

export async function countForReview(db: Db, filters: ReviewFilters): Promise<number> {
  const row = await reviewQuery(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listForReview(db: Db, filters: ReviewFilters, limit: number, offset: number) {
  return reviewQuery(db, filters)
    .selectAll('certifications')
    .select(REVIEW_USER_COLUMNS)
    .orderBy('certifications.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type CertificationWithUser = Awaited<ReturnType<typeof listForReview>>[number];

export async function findCertificationWithUser(db: Db, id: number): Promise<CertificationWithUser | undefined> {
  return db
    .selectFrom('certifications')
    .innerJoin('users', 'users.id', 'certifications.user_id')
    .selectAll('certifications')
    .select(REVIEW_USER_COLUMNS)
    .where('certifications.id', '=', id)
    .executeTakeFirst();
}

/* ---- certificate images (files module's attached files, purpose 'certificate') ---- */

export const CERTIFICATE_PURPOSE = 'certificate';

/* ---- surveys ---- */

export const findSurvey = (db: Db, userId: number) =>
  db
    .selectFrom('surveys')
    .select(['direction', 'after_graduation', 'plans', 'time_investment'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export async function saveSurvey(
  db: Db,
  userId: number,
  survey: { direction: string; after_graduation: string; plans: string; time_investment: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('surveys')
    .values({ user_id: userId, ...survey, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...survey, updated_at: now }))
    .execute();
}

/* ---- ID numbers written in clear by earlier versions (sealed at start: id-numbers.service.ts) ---- */

/** Up to `limit` rows after `afterId` whose form may still hold the ID number in `data`. */
export const certificationsWithClearIdNumber = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('certifications')
    .select(['id', 'user_id', 'data'])
    .where('id', '>', afterId)
    .where('id_number_sealed', 'is', null)
    .where('data', 'like', '%"idNumber"%')
    .orderBy('id')
    .limit(limit)
    .execute();

/** Replaces a row's clear form by the form without the number and the sealed number, unless done meanwhile. */
export async function sealIdNumberOf(
  db: Db,
  row: { id: number; data: string },
  changes: { data: string; id_number_sealed: string },
): Promise<boolean> {
  const result = await db
    .updateTable('certifications')
    .set(changes)
    .where('id', '=', row.id)
    .where('id_number_sealed', 'is', null)
    .where('data', '=', row.data)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The newest sealed ID number: started instances check that their key opens it. */
export const newestSealedIdNumber = (db: Db) =>
  db
    .selectFrom('certifications')
    .select(['id', 'user_id', 'id_number_sealed'])
    .where('id_number_sealed', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Verified people of a role whose certified name contains `keyword` or whose phone starts with it:
 * their approved certification of that role is their newest one (research projects' designee search).
 */
export const searchCertifiedPeople = (db: Db, role: string, keyword: string, limit: number) =>
  db
    .selectFrom('certifications as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.id', 'u.phone', 'c.title'])
    .where('c.role', '=', role)
    .where('c.status', '=', 1)
    .where('u.verify_state', '=', 1)
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('c.title')}) like ${likeContains(keyword.toLowerCase())} escape '\\'`,
        sql<boolean>`${eb.ref('u.phone')} like ${likePrefix(keyword)} escape '\\'`,
      ]),
    )
    .where(NEWEST_OF_ITS_USER)
    .orderBy('c.title')
    .orderBy('u.id')
    .limit(limit)
    .execute();

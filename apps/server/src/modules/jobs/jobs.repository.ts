import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  JobApplicationEventRow,
  JobApplicationRow,
  JobApplicationsTable,
  JobRow,
  JobsTable,
} from '../../db/types.ts';
import { likeContains } from '../../lib/sql.ts';

/** Kysely queries over `jobs`, `job_applications` and `job_application_events`; each takes the handle or a transaction. */

export const insertJob = (db: Db, row: Insertable<JobsTable>): Promise<JobRow> =>
  db.insertInto('jobs').values(row).returningAll().executeTakeFirstOrThrow();

export const findJob = (db: Db, id: number): Promise<JobRow | undefined> =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

/** A guarded update: changes the job only while it is still in `from` (one of); the row, or undefined when it was not. */
export const moveJob = (
  db: Db,
  id: number,
  from: readonly string[],
  changes: Updateable<JobsTable>,
): Promise<JobRow | undefined> =>
  db
    .updateTable('jobs')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();

/** An organisation's jobs (all, with `orgId` null), most recently changed first (index `jobs_org_updated`). */
export function listOrgJobs(
  db: Db,
  orgId: number | null,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<JobRow[]> {
  let query = db.selectFrom('jobs').selectAll();
  if (orgId !== null) query = query.where('org_id', '=', orgId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Jobs per state of an organisation (all, with `orgId` null). */
export async function countOrgJobs(db: Db, orgId: number | null): Promise<Record<string, number>> {
  let query = db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]);
  if (orgId !== null) query = query.where('org_id', '=', orgId);
  const rows = await query.groupBy('status').execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export interface PublishedFilter {
  today: string;
  after: [string, number] | null;
  limit: number;
  employmentType?: number;
  experience?: number;
  provinceCode?: string;
  cityCode?: string;
  keyword?: string;
}

/** Published jobs whose deadline has not passed, newest publication first, after a keyset position. */
export function listPublishedJobs(db: Db, f: PublishedFilter): Promise<JobRow[]> {
  let query = db.selectFrom('jobs').selectAll().where('status', '=', 'published').where('deadline', '>=', f.today);
  if (f.employmentType !== undefined) query = query.where('employment_type', '=', f.employmentType);
  if (f.experience !== undefined) query = query.where('experience', '=', f.experience);
  if (f.provinceCode) query = query.where('province_code', '=', f.provinceCode);
  if (f.cityCode) query = query.where('city_code', '=', f.cityCode);
  if (f.keyword) {
    const pattern = likeContains(f.keyword);
    query = query.where((eb) => eb.or([eb('title', 'like', eb.val(pattern)), eb('org_name', 'like', eb.val(pattern))]));
  }
  if (f.after) {
    const [publishedAt, id] = f.after;
    query = query.where((eb) =>
      eb.or([
        eb('published_at', '<', String(publishedAt)),
        eb.and([eb('published_at', '=', String(publishedAt)), eb('id', '<', id)]),
      ]),
    );
  }
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

export const addApplicants = (db: Db, jobId: number, delta: number): Promise<unknown> =>
  db
    .updateTable('jobs')
    .set((eb) => ({ applicant_count: eb('applicant_count', '+', delta) }))
    .where('id', '=', jobId)
    .execute();

/**
 * Counts one more applicant while the job is published and its deadline not passed; false when it
 * is not (then nothing changed). The row lock it takes serializes applies to one job.
 */
export async function countIfOpen(db: Db, jobId: number, today: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ applicant_count: eb('applicant_count', '+', 1) }))
    .where('id', '=', jobId)
    .where('status', '=', 'published')
    .where('deadline', '>=', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/* ---- applications ---- */

export const insertApplication = (db: Db, row: Insertable<JobApplicationsTable>): Promise<JobApplicationRow> =>
  db.insertInto('job_applications').values(row).returningAll().executeTakeFirstOrThrow();

export const findApplication = (db: Db, id: number): Promise<JobApplicationRow | undefined> =>
  db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirst();

export const findOpenApplication = (
  db: Db,
  jobId: number,
  applicantId: number,
): Promise<JobApplicationRow | undefined> =>
  db
    .selectFrom('job_applications')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('applicant_id', '=', applicantId)
    .where('status', '<>', 'withdrawn')
    .executeTakeFirst();

/** Whether the user ever applied to the job, whatever became of the application (withdrawn included). */
export async function hasApplied(db: Db, jobId: number, applicantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('job_applications')
    .select('id')
    .where('job_id', '=', jobId)
    .where('applicant_id', '=', applicantId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A guarded state change: only from one of `from`; the row, or undefined when another change came
 * first. `changes`: what the step records besides its state (a rejection's reason).
 */
export const moveApplication = (
  db: Db,
  id: number,
  from: readonly string[],
  to: string,
  now: string,
  changes: Updateable<JobApplicationsTable> = {},
): Promise<JobApplicationRow | undefined> =>
  db
    .updateTable('job_applications')
    .set({ ...changes, status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();

export const insertEvent = (
  db: Db,
  row: { application_id: number; from_status: string | null; to_status: string; actor_id: number; at: string },
): Promise<unknown> => db.insertInto('job_application_events').values(row).execute();

export async function eventsOf(db: Db, ids: readonly number[]): Promise<Map<number, JobApplicationEventRow[]>> {
  const out = new Map<number, JobApplicationEventRow[]>();
  // Guard against an empty id list: SQL "IN ()" is a syntax error.
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('job_application_events')
    .selectAll()
    .where('application_id', 'in', [...ids])
    .orderBy('id')
    .execute();
  for (const row of rows) out.set(row.application_id, [...(out.get(row.application_id) ?? []), row]);
  return out;
}

export interface ApplicationFilter {
  jobId?: number;
  applicantId?: number;
  status?: string;
}

export function listApplications(
  db: Db,
  f: ApplicationFilter,
  limit: number,
  offset: number,
): Promise<JobApplicationRow[]> {
  let query = db.selectFrom('job_applications').selectAll();
  if (f.jobId !== undefined) query = query.where('job_id', '=', f.jobId);
  if (f.applicantId !== undefined) query = query.where('applicant_id', '=', f.applicantId);
  if (f.status) query = query.where('status', '=', f.status);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countApplications(db: Db, f: ApplicationFilter): Promise<number> {
  let query = db.selectFrom('job_applications').select((eb) => eb.fn.countAll<number>().as('n'));
  if (f.jobId !== undefined) query = query.where('job_id', '=', f.jobId);
  if (f.applicantId !== undefined) query = query.where('applicant_id', '=', f.applicantId);
  if (f.status) query = query.where('status', '=', f.status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findJobs = (db: Db, ids: readonly number[]): Promise<JobRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('jobs')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();

/** The applications of `applicantId` that name this resume file, any organisation's and state (a few: one per job). */
export const applicationsNamingResume = (db: Db, applicantId: number, fileId: number) =>
  db
    .selectFrom('job_applications')
    .select(['org_id', 'status'])
    .where('applicant_id', '=', applicantId)
    .where('resume_file_id', '=', fileId)
    .execute();

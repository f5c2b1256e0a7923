import { businessToday } from '@mathbridge/contracts/demands';
import {
  JOB_STATES,
  type Application,
  type JobDetail,
  type JobListQuery,
  type JobPage,
  type JobSave,
  type JobState,
  type PublishedJobsPage,
  type PublishedJobsQuery,
} from '@mathbridge/contracts/jobs';
import { canUseSection } from '@mathbridge/contracts/workspace';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { JobRow } from '../../db/types.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { cursorAfter, keysetPage, offsetOf, pageOf } from '../../lib/paging.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { orgOf, type OrgActor } from '../identity/org-actor.service.ts';
import { NOBODY, jobPolicy, type JobViewer } from './jobs.policy.ts';
import { presentJob, presentJobSummary } from './jobs.presenter.ts';
import * as repo from './jobs.repository.ts';

/**
 * Jobs (issue 11, DESIGN §10): draft → published → closed, reopened (closed → published) only
 * before the deadline. Every transition is one function: check the actor (jobs.policy.ts), check
 * the state with a guarded UPDATE in one transaction (a racing or illegal transition answers 409
 * and changes nothing), the audit log. Applications and resumes: applications.service.ts.
 */

const jobWrongState = () => conflict('errors.jobWrongState');

/** An employer (DESIGN §10): the verified owner of a certified enterprise or institute; or null. */
export async function employerOf(ctx: AppContext, caller: Caller): Promise<OrgActor | null> {
  return (await orgOf(ctx, caller, 'Enterprise')) ?? (await orgOf(ctx, caller, 'ResearchInstitute'));
}

export async function requireEmployer(ctx: AppContext, caller: Caller): Promise<OrgActor> {
  const actor = await employerOf(ctx, caller);
  if (!actor) throw forbidden();
  return actor;
}

export async function loadJob(db: Db, id: number): Promise<JobRow> {
  const job = await repo.findJob(db, id);
  if (!job) throw notFound('errors.jobNotFound');
  return job;
}

/** The caller's organisation's job, for an employer's `action` (304 for another organisation's). */
async function ownJob(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: 'publish' | 'close' | 'reopen',
): Promise<{ actor: OrgActor; job: JobRow }> {
  const actor = await requireEmployer(ctx, caller);
  const job = await loadJob(ctx.db, id);
  jobPolicy.authorize({ employerId: actor.org.id }, action, job);
  return { actor, job };
}

/** The employer acting for `actor`'s organisation, as jobs.policy.ts sees them. */
const employerViewer = (caller: Caller, actor: OrgActor): JobViewer => ({
  ...NOBODY,
  admin: isAdmin(caller),
  employerId: actor.org.id,
});

export const deadlinePassed = (job: Pick<JobRow, 'deadline'>) => job.deadline < businessToday();

/** POST job/save: a new draft, or an edit of the organisation's job (its state stays). */
export async function saveJob(ctx: AppContext, caller: Caller, input: JobSave, ip: string): Promise<JobDetail> {
  const actor = await requireEmployer(ctx, caller);
  const now = nowIso();
  const negotiable = input.negotiable === 1;
  const fields = {
    title: input.title,
    employment_type: input.employment_type,
    experience: input.experience,
    negotiable: negotiable ? 1 : 0,
    salary_min: negotiable ? null : (input.salary_min ?? null),
    salary_max: negotiable ? null : (input.salary_max ?? null),
    degree: input.degree ?? null,
    province_code: input.province_code,
    city_code: input.city_code ?? null,
    headcount: input.headcount,
    description: input.description,
    deadline: input.deadline,
    contact: input.contact,
    contact_phone: input.contact_phone,
    updated_at: now,
  };
  const saved = await inTransaction(ctx.db, async (trx) => {
    let row: JobRow | undefined;
    if (input.id === undefined) {
      row = await repo.insertJob(trx, {
        ...fields,
        org_id: actor.org.id,
        org_name: actor.org.name,
        owner_id: caller.id,
        status: 'draft',
        created_at: now,
      });
    } else {
      const existing = await loadJob(trx, input.id);
      jobPolicy.authorize({ employerId: actor.org.id }, 'edit', existing);
      row = await repo.moveJob(trx, existing.id, JOB_STATES, fields);
      if (!row) throw notFound('errors.jobNotFound');
    }
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'job.create' : 'job.update',
      targetType: 'job',
      targetId: row.id,
      ip,
    });
    return row;
  });
  return detailFor(ctx, caller, saved, employerViewer(caller, actor));
}

/** Moves the organisation's job between states, guarded; `needsDeadline`: only while the deadline has not passed. */
async function moveJob(
  ctx: AppContext,
  caller: Caller,
  id: number,
  move: { from: JobState; to: JobState; action: 'publish' | 'close' | 'reopen'; needsDeadline: boolean },
  ip: string,
): Promise<JobDetail> {
  const { actor, job } = await ownJob(ctx, caller, id, move.action);
  if (job.status !== move.from) throw jobWrongState();
  if (move.needsDeadline && deadlinePassed(job)) throw conflict('errors.jobDeadlinePassed');
  const now = nowIso();
  const moved = await inTransaction(ctx.db, async (trx) => {
    const row = await repo.moveJob(trx, job.id, [move.from], {
      status: move.to,
      updated_at: now,
      ...(move.to === 'published' ? { published_at: job.published_at ?? now, closed_at: null } : {}),
      ...(move.to === 'closed' ? { closed_at: now } : {}),
    });
    if (!row) throw jobWrongState();
    await writeAudit(trx, {
      actorId: caller.id,
      action: `job.${move.action}`,
      targetType: 'job',
      targetId: job.id,
      ip,
    });
    return row;
  });
  return detailFor(ctx, caller, moved, employerViewer(caller, actor));
}

/** POST job/publish: draft → published, before the deadline. */
export const publishJob = (ctx: AppContext, caller: Caller, id: number, ip: string) =>
  moveJob(ctx, caller, id, { from: 'draft', to: 'published', action: 'publish', needsDeadline: true }, ip);
/** POST job/close: published → closed (applications stay as they are; the job takes no new ones). */
export const closeJob = (ctx: AppContext, caller: Caller, id: number, ip: string) =>
  moveJob(ctx, caller, id, { from: 'published', to: 'closed', action: 'close', needsDeadline: false }, ip);
/** POST job/reopen: closed → published, only before the deadline. */
export const reopenJob = (ctx: AppContext, caller: Caller, id: number, ip: string) =>
  moveJob(ctx, caller, id, { from: 'closed', to: 'published', action: 'reopen', needsDeadline: true }, ip);

/** GET job/list: the organisation's jobs (admins: every organisation's), with counts per state. */
export async function listJobs(ctx: AppContext, caller: Caller, query: JobListQuery): Promise<JobPage> {
  const orgId = isAdmin(caller) ? null : (await requireEmployer(ctx, caller)).org.id;
  const [rows, counts] = await Promise.all([
    repo.listOrgJobs(ctx.db, orgId, query.status, query.page_size, offsetOf(query)),
    repo.countOrgJobs(ctx.db, orgId),
  ]);
  const perState = Object.fromEntries(JOB_STATES.map((s) => [s, counts[s] ?? 0])) as Record<JobState, number>;
  const total = query.status ? perState[query.status] : Object.values(perState).reduce((a, b) => a + b, 0);
  const items = rows.map((row) => ({ ...presentJobSummary(row), applicant_count: Number(row.applicant_count) }));
  return { ...pageOf(query, items, total), counts: perState };
}

/** GET job/publishedList (no sign-in): published jobs before their deadline, newest first, keyset-paged. */
export async function listPublishedJobs(ctx: AppContext, query: PublishedJobsQuery): Promise<PublishedJobsPage> {
  const after = cursorAfter(query.cursor) as [string, number] | null;
  const rows = await repo.listPublishedJobs(ctx.db, {
    today: businessToday(),
    after,
    limit: query.page_size + 1,
    employmentType: query.employment_type,
    experience: query.experience,
    provinceCode: query.province_code,
    cityCode: query.city_code,
    keyword: query.keyword,
  });
  const { page, next_cursor } = keysetPage(rows, query.page_size, (row) => row.published_at);
  return { items: page.map(presentJobSummary), next_cursor };
}

/** The job for `viewer`; `can` is jobPolicy's answer and the state each step needs. */
async function detailFor(ctx: AppContext, caller: Caller | null, job: JobRow, viewer: JobViewer): Promise<JobDetail> {
  const mine = caller ? await repo.findOpenApplication(ctx.db, job.id, caller.id) : undefined;
  const open = job.status === 'published' && !deadlinePassed(job);
  // The apply button is for the `myJob` roles; admins pass every section but apply to nothing.
  const mayApply = caller !== null && canUseSection(caller.roles, caller.verifyState, 'myJob') && !isAdmin(caller);
  return {
    job: presentJob(job, jobPolicy.can(viewer, 'readApplicants', job)),
    my_application: mine ? { id: mine.id, status: mine.status as Application['status'] } : null,
    can: {
      edit: jobPolicy.can(viewer, 'edit', job),
      publish: jobPolicy.can(viewer, 'publish', job) && job.status === 'draft' && !deadlinePassed(job),
      close: jobPolicy.can(viewer, 'close', job) && job.status === 'published',
      reopen: jobPolicy.can(viewer, 'reopen', job) && job.status === 'closed' && !deadlinePassed(job),
      apply: mayApply && open && !mine && jobPolicy.can(viewer, 'apply', job),
    },
  };
}

/** The signed-in caller as jobs.policy.ts sees them looking at `job`. */
async function jobViewer(ctx: AppContext, caller: Caller, job: JobRow): Promise<JobViewer> {
  const employer = await employerOf(ctx, caller);
  // Whether they applied counts only for a closed job (rule `see`): other jobs spare the query.
  const applied = job.status === 'closed' && (await repo.hasApplied(ctx.db, job.id, caller.id));
  return { admin: isAdmin(caller), employerId: employer?.org.id ?? null, applied };
}

/**
 * GET job/detail/:id (no sign-in needed): a published job for anyone; a draft or closed job for
 * those jobPolicy `see` names — another signed-in user gets 304, a visitor 404.
 */
export async function jobDetail(ctx: AppContext, caller: Caller | null, id: number): Promise<JobDetail> {
  const job = await loadJob(ctx.db, id);
  const viewer = caller ? await jobViewer(ctx, caller, job) : NOBODY;
  jobPolicy.authorize(viewer, 'see', job, caller ? forbidden : () => notFound('errors.jobNotFound'));
  return detailFor(ctx, caller, job, viewer);
}

import { businessToday } from '@mathbridge/contracts/demands';
import {
  APPLICATION_ACTIONS,
  RESUME_EXTENSIONS,
  WITHDRAWABLE,
  type Application,
  type ApplicationPage,
  type ApplicationRejectReason,
  type ApplicantsQuery,
  type Apply,
  type MyApplicationsQuery,
  type PlainApplicationAction,
  type RejectApplication,
  type ResumeSpace,
} from '@mathbridge/contracts/jobs';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import { STATUS } from '@mathbridge/contracts/api';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { FileNodeRow, FileSpaceRow, JobApplicationRow } from '../../db/types.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { givenFileName, loadNode } from '../files/nodes.service.ts';
import { createSpace, registerItemFileReader } from '../files/spaces.service.ts';
import { certifiedOrganisationOfUser } from '../identity/org-actor.service.ts';
import { findUserById } from '../user/user.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { applicationPolicy, jobPolicy } from './jobs.policy.ts';
import { presentApplication } from './jobs.presenter.ts';
import * as repo from './jobs.repository.ts';
import { deadlinePassed, employerOf, loadJob, requireEmployer } from './jobs.service.ts';

/**
 * Job applications (issue 11, DESIGN §10): applied → viewed → interview → offer | rejected,
 * withdrawn by the applicant; and the resumes they send. Every transition is one function: check
 * the actor (jobs.policy.ts), check the state with a guarded UPDATE in one transaction (a racing
 * or illegal transition answers 409 and changes nothing), a history row, the audit log and the to-dos.
 */

const applicationTarget = (id: number) => ({ type: 'job_application', id });
const applicationWrongState = () => conflict('errors.applicationWrongState');

const resumeRef = (userId: number) => `resume:${userId}`;

/** The caller's own space for resumes, created once (idempotent, safe under races). */
async function resumeSpaceOf(ctx: AppContext, userId: number): Promise<number> {
  const space = await createSpace(ctx, {
    kind: 'resume',
    refKey: resumeRef(userId),
    name: 'resume',
    ownerUserId: userId,
    quotaHolder: { type: 'user', id: userId },
  });
  return space.id;
}

/** POST job/resumeSpace: where the applicant uploads resumes (`upload/upload?space_id=…&profile=docs`). */
export async function resumeSpace(ctx: AppContext, caller: Caller): Promise<ResumeSpace> {
  return { space_id: await resumeSpaceOf(ctx, caller.id) };
}

/** The resume a new application names: a live PDF or Word file of the caller's resume space, or 400. */
async function resumeFile(ctx: AppContext, caller: Caller, fileId: number, locale: Locale): Promise<FileNodeRow> {
  const refuse = () => invalidField('resume_file_id', 'resumeNotInSpace', translate(locale, 'errors.resumeNotInSpace'));
  const spaceId = await resumeSpaceOf(ctx, caller.id);
  const node = await loadNode(ctx, caller, fileId, 'read')
    .then((r) => r.node)
    .catch((error: unknown) => {
      if (error instanceof AppError && (error.status === STATUS.notFound || error.status === STATUS.forbidden))
        throw refuse();
      throw error;
    });
  const ext = node.name.split('.').pop()?.toLowerCase() ?? '';
  if (node.space_id !== spaceId || node.is_dir === 1 || !(RESUME_EXTENSIONS as readonly string[]).includes(ext))
    throw refuse();
  return node;
}

/**
 * POST job/apply: one open application per job and applicant (409 for a second, also under
 * parallel calls: the job row is updated first, which serializes applies to one job, and a
 * partial unique index holds the rule). A draft or closed job, or one past its deadline: 409.
 */
export async function apply(
  ctx: AppContext,
  caller: Caller,
  input: Apply,
  ip: string,
  locale: Locale,
): Promise<Application> {
  const job = await loadJob(ctx.db, input.job_id);
  if (job.status !== 'published') throw conflict('errors.jobNotOpen');
  if (deadlinePassed(job)) throw conflict('errors.jobDeadlinePassed');
  const employer = await employerOf(ctx, caller);
  jobPolicy.authorize({ employerId: employer?.org.id ?? null }, 'apply', job);
  const resume = await resumeFile(ctx, caller, input.resume_file_id, locale);
  const user = await findUserById(ctx.db, caller.id);
  const name = user?.truename || user?.account || String(caller.id);
  const resumeName = await givenFileName(ctx.db, resume);
  const now = nowIso();
  try {
    const row = await inTransaction(ctx.db, async (trx) => {
      // First the job row: it takes the job's lock, so applies to one job run one after another.
      const open = await repo.countIfOpen(trx, job.id, businessToday());
      if (!open) throw conflict('errors.jobNotOpen');
      if (await repo.findOpenApplication(trx, job.id, caller.id)) throw conflict('errors.applicationExists');
      const application = await repo.insertApplication(trx, {
        job_id: job.id,
        org_id: job.org_id,
        applicant_id: caller.id,
        applicant_name: name,
        resume_file_id: resume.id,
        // The application holds one resume: the employer sees the name it was sent under, not the
        // number the applicant's resume space gave a second upload of the same name.
        resume_name: resumeName,
        resume_size: Number(resume.size),
        note: input.note ?? null,
        status: 'applied',
        created_at: now,
        updated_at: now,
      });
      await repo.insertEvent(trx, {
        application_id: application.id,
        from_status: null,
        to_status: 'applied',
        actor_id: caller.id,
        at: now,
      });
      await openTodo(trx, {
        kind: 'jobApplication',
        assignee: { userId: job.owner_id },
        target: applicationTarget(application.id),
        params: { name, title: job.title },
      });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'job.apply',
        targetType: 'job_application',
        targetId: application.id,
        detail: { job_id: job.id },
        ip,
      });
      return application;
    });
    return await presentOne(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.applicationExists');
    throw error;
  }
}

async function presentOne(ctx: AppContext, row: JobApplicationRow): Promise<Application> {
  const [one] = await presentMany(ctx, [row]);
  return one as Application;
}

async function presentMany(ctx: AppContext, rows: JobApplicationRow[]): Promise<Application[]> {
  const [jobs, events] = await Promise.all([
    repo.findJobs(ctx.db, [...new Set(rows.map((r) => r.job_id))]),
    repo.eventsOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const byId = new Map(jobs.map((j) => [j.id, j]));
  return rows.map((row) => presentApplication(row, byId.get(row.job_id), events.get(row.id) ?? []));
}

async function loadApplication(db: Db, id: number): Promise<JobApplicationRow> {
  const row = await repo.findApplication(db, id);
  if (!row) throw notFound('errors.applicationNotFound');
  return row;
}

/** POST job/withdraw: the applicant takes back an application the employer has not decided on. */
export async function withdraw(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<Application> {
  const application = await loadApplication(ctx.db, id);
  applicationPolicy.authorize({ userId: caller.id }, 'withdraw', application);
  const now = nowIso();
  const moved = await inTransaction(ctx.db, async (trx) => {
    const row = await repo.moveApplication(trx, application.id, WITHDRAWABLE, 'withdrawn', now);
    if (!row) throw applicationWrongState();
    await repo.addApplicants(trx, application.job_id, -1);
    await repo.insertEvent(trx, {
      application_id: row.id,
      from_status: application.status,
      to_status: 'withdrawn',
      actor_id: caller.id,
      at: now,
    });
    await closeTodos(trx, applicationTarget(row.id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'job.withdraw',
      targetType: 'job_application',
      targetId: row.id,
      ip,
    });
    return row;
  });
  return presentOne(ctx, moved);
}

/** GET job/myApplications: the caller's applications, newest change first. */
export async function myApplications(
  ctx: AppContext,
  caller: Caller,
  query: MyApplicationsQuery,
): Promise<ApplicationPage> {
  const filter = { applicantId: caller.id, status: query.status };
  const [rows, total] = await Promise.all([
    repo.listApplications(ctx.db, filter, query.page_size, offsetOf(query)),
    repo.countApplications(ctx.db, filter),
  ]);
  return pageOf(query, await presentMany(ctx, rows), total);
}

/**
 * GET job/application/:id: one application for its applicant, the job's organisation and admins
 * (others 304) — where a `job_application` to-do leads.
 */
export async function applicationDetail(ctx: AppContext, caller: Caller, id: number): Promise<Application> {
  const application = await loadApplication(ctx.db, id);
  const employer = await employerOf(ctx, caller);
  const viewer = { userId: caller.id, admin: isAdmin(caller), employerId: employer?.org.id ?? null };
  applicationPolicy.authorize(viewer, 'see', application);
  return presentOne(ctx, application);
}

/** GET job/applicants: one job's applications, for its organisation and admins. */
export async function applicants(ctx: AppContext, caller: Caller, query: ApplicantsQuery): Promise<ApplicationPage> {
  const admin = isAdmin(caller);
  const employer = admin ? null : await requireEmployer(ctx, caller);
  const job = await loadJob(ctx.db, query.job_id);
  jobPolicy.authorize({ admin, employerId: employer?.org.id ?? null }, 'readApplicants', job);
  const filter = { jobId: job.id, status: query.status };
  const [rows, total] = await Promise.all([
    repo.listApplications(ctx.db, filter, query.page_size, offsetOf(query)),
    repo.countApplications(ctx.db, filter),
  ]);
  return pageOf(query, await presentMany(ctx, rows), total);
}

const APPLICANT_TODO = { interview: 'jobInterview', offer: 'jobOffer', reject: 'jobRejected' } as const;

type EmployerStep =
  { action: PlainApplicationAction } | { action: 'reject'; reason: ApplicationRejectReason; text: string | null };

/** POST job/viewApplication | job/inviteInterview | job/makeOffer. */
export const actOnApplication = (
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: PlainApplicationAction,
  ip: string,
): Promise<Application> => stepApplication(ctx, caller, id, { action }, ip);

/**
 * POST job/rejectApplication: with a reason from the list (and the employer's words, required for
 * 'other'), stored on the application and told to the applicant.
 */
export const rejectApplication = (
  ctx: AppContext,
  caller: Caller,
  input: RejectApplication,
  ip: string,
): Promise<Application> =>
  stepApplication(
    ctx,
    caller,
    input.id,
    { action: 'reject', reason: input.reason, text: input.reason_text ?? null },
    ip,
  );

/**
 * The employer moves an application of its organisation (guarded; 409 from any other state). The
 * employer's to-do closes; the applicant is notified and gets a to-do for an interview, an offer
 * or a rejection.
 */
async function stepApplication(
  ctx: AppContext,
  caller: Caller,
  id: number,
  step: EmployerStep,
  ip: string,
): Promise<Application> {
  const { action } = step;
  const actor = await requireEmployer(ctx, caller);
  const application = await loadApplication(ctx.db, id);
  applicationPolicy.authorize({ employerId: actor.org.id }, 'decide', application);
  const { from, to } = APPLICATION_ACTIONS[action];
  const rejection = step.action === 'reject' ? { reject_reason: step.reason, reject_text: step.text } : {};
  const now = nowIso();
  const moved = await inTransaction(ctx.db, async (trx) => {
    const row = await repo.moveApplication(trx, application.id, from, to, now, rejection);
    if (!row) throw applicationWrongState();
    await repo.insertEvent(trx, {
      application_id: row.id,
      from_status: application.status,
      to_status: to,
      actor_id: caller.id,
      at: now,
    });
    await closeTodos(trx, applicationTarget(row.id), 'done', caller.id);
    const job = await loadJob(trx, row.job_id);
    const about = { title: job.title, org: job.org_name };
    const told =
      step.action === 'reject'
        ? {
            kind: 'applicationRejected' as const,
            params: { ...about, reason: step.reason, ...(step.text ? { reason_text: step.text } : {}) },
          }
        : { kind: 'applicationMoved' as const, params: { ...about, state: to } };
    await notify(trx, { userId: row.applicant_id, actorId: caller.id, target: applicationTarget(row.id), ...told });
    if (action !== 'view') {
      await openTodo(trx, {
        kind: APPLICANT_TODO[action],
        assignee: { userId: row.applicant_id },
        target: applicationTarget(row.id),
        params: { org: job.org_name, title: job.title },
      });
    }
    await writeAudit(trx, {
      actorId: caller.id,
      action: `job.application.${action}`,
      targetType: 'job_application',
      targetId: row.id,
      ...(step.action === 'reject' ? { detail: { reason: step.reason } } : {}),
      ip,
    });
    return row;
  });
  return presentOne(ctx, moved);
}

/**
 * Who besides the applicant reads a file of a resume space: the employer (a user whose certified
 * organisation holds an application, not withdrawn, of this applicant naming this file: applicationPolicy `readResume`).
 */
async function canReadResume(
  ctx: AppContext,
  userId: number,
  space: FileSpaceRow,
  node: FileNodeRow,
): Promise<boolean> {
  const [kind, idText] = (space.ref_key ?? '').split(':');
  const applicantId = Number(idText);
  if (kind !== 'resume' || !Number.isSafeInteger(applicantId)) return false;
  const org = await certifiedOrganisationOfUser(ctx, userId);
  if (!org) return false;
  const applications = await repo.applicationsNamingResume(ctx.db, applicantId, node.id);
  return applicationPolicy.can({ employerId: org.id }, 'readResume', { applications });
}

/** Hands the files module the readers of resume spaces (called once when the app is built). */
export function registerResumeReaders(ctx: AppContext): void {
  registerItemFileReader(ctx, 'resume', canReadResume);
}

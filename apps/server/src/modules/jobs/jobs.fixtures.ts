import type { FastifyInstance } from 'fastify';
import type { Application, JobDetail } from '@mathbridge/contracts/jobs';
import type { ResumeSpace } from '@mathbridge/contracts/jobs';
import { ok, post, daysFromNow, type OrgUser } from '../demands/demands.fixtures.ts';
import { pdf, upload } from '../files/files.fixtures.ts';

/** Test data and flows of the jobs tests (not a test file itself). */

export function jobForm(overrides: Record<string, unknown> = {}) {
  return {
    title: '算法工程师',
    employment_type: 0,
    experience: 1,
    negotiable: 0,
    salary_min: 15000,
    salary_max: 25000,
    degree: 'master',
    province_code: '3300',
    city_code: '3301',
    headcount: 2,
    description: '## 职责\n优化模型，$\\min f(x)$',
    deadline: daysFromNow(30),
    contact: '王经理',
    contact_phone: '13900003333',
    ...overrides,
  };
}

/** A job saved by `employer`; published unless `publish` is false. */
export async function newJob(
  app: FastifyInstance,
  employer: OrgUser,
  options: { publish?: boolean; form?: Record<string, unknown> } = {},
): Promise<JobDetail> {
  const saved = ok(await post<JobDetail>(app, employer, 'job/save', jobForm(options.form)), 'job/save');
  if (options.publish === false) return saved;
  return ok(await post<JobDetail>(app, employer, 'job/publish', { id: saved.job.id }), 'job/publish');
}

/** A PDF resume uploaded to the applicant's resume space; its file id. */
export async function uploadResume(app: FastifyInstance, applicant: OrgUser, name = 'resume.pdf'): Promise<number> {
  const space = ok(await post<ResumeSpace>(app, applicant, 'job/resumeSpace'), 'job/resumeSpace');
  const reply = await upload(app, applicant.token, name, pdf(1500), { space_id: space.space_id, profile: 'docs' });
  if (!reply.result) throw new Error(`upload: ${reply.status} ${reply.message}`);
  return reply.result.id;
}

/** An application of `applicant` to the job, with a fresh resume. */
export async function applyTo(app: FastifyInstance, applicant: OrgUser, jobId: number): Promise<Application> {
  const resume = await uploadResume(app, applicant);
  return ok(
    await post<Application>(app, applicant, 'job/apply', { job_id: jobId, resume_file_id: resume, note: '期待加入' }),
    'job/apply',
  );
}

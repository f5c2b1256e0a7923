import type { JobApplicationRow, JobRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';

/**
 * Who may do what to jobs, applications and the resumes they send (issue 26 §4, DESIGN §10). A
 * job is its organisation's (the employer's) to edit and run; published jobs are public, a draft
 * or closed one is its organisation's and admins', and a closed one also its applicants'. An
 * application is its applicant's to withdraw and the job's organisation's to decide on; the
 * resume it names opens to that organisation until it is withdrawn. States (409) stay in the services.
 */

/** Who looks at or acts on a job, as the service loaded them. */
export interface JobViewer {
  /** Admins see every job and its applicants (spec §6). */
  admin: boolean;
  /** The certified organisation (enterprise or institute) the caller employs for, or null. */
  employerId: number | null;
  /** The caller applied to this job at some time, whatever became of the application. */
  applied: boolean;
}

/** A visitor (no sign-in); the services spread it to make the other viewers. */
export const NOBODY: JobViewer = { admin: false, employerId: null, applied: false };

type Employer = Pick<JobViewer, 'employerId'>;

const employs = (viewer: Employer, item: Pick<JobRow | JobApplicationRow, 'org_id'>): boolean =>
  viewer.employerId !== null && viewer.employerId === item.org_id;

export const jobPolicy = definePolicy({
  /**
   * The detail: a published job for anyone; a draft or closed one for its organisation and admins,
   * and a closed one also for whoever applied to it (/manage/myJob links every application to its job).
   */
  see: (viewer: JobViewer, job: Pick<JobRow, 'org_id' | 'status'>) =>
    job.status === 'published' || viewer.admin || employs(viewer, job) || (job.status === 'closed' && viewer.applied),
  /** Its applicants (and how many there are): its organisation and admins. */
  readApplicants: (viewer: Pick<JobViewer, 'admin' | 'employerId'>, job: Pick<JobRow, 'org_id'>) =>
    viewer.admin || employs(viewer, job),
  edit: employs,
  publish: employs,
  close: employs,
  reopen: employs,
  /** Anyone applies but the job's own organisation (whether they may use `myJob` is the endpoint's section). */
  apply: (viewer: Employer, job: Pick<JobRow, 'org_id'>) => !employs(viewer, job),
});

/** Who looks at or acts on an application. */
export interface ApplicationViewer {
  userId: number;
  admin: boolean;
  employerId: number | null;
}

const sentBy = (viewer: Pick<ApplicationViewer, 'userId'>, application: Pick<JobApplicationRow, 'applicant_id'>) =>
  application.applicant_id === viewer.userId;

export const applicationPolicy = definePolicy({
  /** One application: its applicant, the job's organisation and admins. */
  see: (viewer: ApplicationViewer, application: Pick<JobApplicationRow, 'applicant_id' | 'org_id'>) =>
    sentBy(viewer, application) || viewer.admin || employs(viewer, application),
  withdraw: sentBy,
  /** The employer's steps (view, interview, offer, reject): the job's organisation. */
  decide: employs,
  /**
   * A resume file, for anyone but the applicant who owns its space: an organisation holding an
   * application, not withdrawn, that names it (`applications`: those naming the file, any organisation).
   */
  readResume: (viewer: Employer, resume: { applications: readonly Pick<JobApplicationRow, 'org_id' | 'status'>[] }) =>
    resume.applications.some((application) => employs(viewer, application) && application.status !== 'withdrawn'),
});

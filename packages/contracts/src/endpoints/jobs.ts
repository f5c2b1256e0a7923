import { STATUS } from '../api.ts';
import { endpoint } from '../endpoint.ts';
import {
  ApplicantsQuerySchema,
  ApplicationIdSchema,
  ApplicationPageSchema,
  ApplicationSchema,
  ApplySchema,
  JobDetailSchema,
  JobIdSchema,
  JobListQuerySchema,
  JobPageSchema,
  JobSaveSchema,
  MyApplicationsQuerySchema,
  PublishedJobsPageSchema,
  PublishedJobsQuerySchema,
  RejectApplicationSchema,
  ResumeSpaceSchema,
} from '../jobs.ts';

/**
 * Jobs and applications (issue 11). Employers (spec §6 `employment`: Enterprise, ResearchInstitute)
 * post jobs and act on applications; applicants (`myJob`: Teacher, Specialist, Student,
 * Individual) apply and withdraw; the /employ pages read without sign-in.
 */
const employer = { auth: 'user', section: 'employment', verified: true } as const;
const applicant = { auth: 'user', section: 'myJob', verified: true } as const;

export const jobEndpoints = {
  /* ---- public ---- */
  publishedList: endpoint({
    method: 'GET',
    path: 'job/publishedList',
    summary: 'Published jobs before their deadline, newest first, keyset-paged (no sign-in)',
    auth: 'none',
    input: PublishedJobsQuerySchema,
    output: PublishedJobsPageSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: 'job/detail/:id',
    summary:
      'A published job for anyone; a draft or closed job for its organisation, admins and (closed) its applicants',
    auth: 'none',
    input: JobIdSchema,
    output: JobDetailSchema,
    statuses: [STATUS.notFound, STATUS.forbidden],
  }),

  /* ---- employer ---- */
  list: endpoint({
    method: 'GET',
    path: 'job/list',
    summary: "The organisation's jobs (admins: everyone's), newest change first, with counts per state",
    ...employer,
    input: JobListQuerySchema,
    output: JobPageSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: 'job/save',
    summary: "A new draft, or an edit of the organisation's job in any state (the state stays)",
    ...employer,
    input: JobSaveSchema,
    output: JobDetailSchema,
    statuses: [STATUS.notFound],
  }),
  publish: endpoint({
    method: 'POST',
    path: 'job/publish',
    summary: 'A draft is published, before its deadline',
    ...employer,
    input: JobIdSchema,
    output: JobDetailSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  close: endpoint({
    method: 'POST',
    path: 'job/close',
    summary: 'A published job is closed (it takes no new applications)',
    ...employer,
    input: JobIdSchema,
    output: JobDetailSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  reopen: endpoint({
    method: 'POST',
    path: 'job/reopen',
    summary: 'A closed job is published again, before its deadline',
    ...employer,
    input: JobIdSchema,
    output: JobDetailSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  applicants: endpoint({
    method: 'GET',
    path: 'job/applicants',
    summary: "One job's applications, newest change first, for its organisation and admins",
    ...employer,
    input: ApplicantsQuerySchema,
    output: ApplicationPageSchema,
    statuses: [STATUS.notFound],
  }),
  viewApplication: endpoint({
    method: 'POST',
    path: 'job/viewApplication',
    summary: 'The employer has seen an application: applied → viewed',
    ...employer,
    input: ApplicationIdSchema,
    output: ApplicationSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  inviteInterview: endpoint({
    method: 'POST',
    path: 'job/inviteInterview',
    summary: 'The employer invites the applicant to an interview: viewed → interview',
    ...employer,
    input: ApplicationIdSchema,
    output: ApplicationSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  makeOffer: endpoint({
    method: 'POST',
    path: 'job/makeOffer',
    summary: 'The employer makes an offer: interview → offer',
    ...employer,
    input: ApplicationIdSchema,
    output: ApplicationSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  rejectApplication: endpoint({
    method: 'POST',
    path: 'job/rejectApplication',
    summary: 'The employer rejects an undecided application with a reason the applicant learns',
    ...employer,
    input: RejectApplicationSchema,
    output: ApplicationSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  application: endpoint({
    method: 'GET',
    path: 'job/application/:id',
    summary: "One application, for its applicant, the job's organisation and admins",
    auth: 'user',
    input: ApplicationIdSchema,
    output: ApplicationSchema,
    statuses: [STATUS.notFound],
  }),

  /* ---- applicant ---- */
  resumeSpace: endpoint({
    method: 'POST',
    path: 'job/resumeSpace',
    summary: "The caller's own space for resumes (created once): upload there with `profile=docs`",
    ...applicant,
    output: ResumeSpaceSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: 'job/apply',
    summary: 'An application to an open job with a resume from the resume space (one open per job)',
    ...applicant,
    input: ApplySchema,
    output: ApplicationSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  withdraw: endpoint({
    method: 'POST',
    path: 'job/withdraw',
    summary: 'The applicant takes back an application the employer has not decided on',
    ...applicant,
    input: ApplicationIdSchema,
    output: ApplicationSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  myApplications: endpoint({
    method: 'GET',
    path: 'job/myApplications',
    summary: "The caller's applications, newest change first",
    ...applicant,
    input: MyApplicationsQuerySchema,
    output: ApplicationPageSchema,
  }),
} as const;

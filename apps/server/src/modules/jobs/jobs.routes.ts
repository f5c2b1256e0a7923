import {
  ApplicantsQuerySchema,
  ApplicationIdSchema,
  ApplySchema,
  JobIdSchema,
  JobListQuerySchema,
  JobSaveSchema,
  MyApplicationsQuerySchema,
  PublishedJobsQuerySchema,
  RejectApplicationSchema,
  type PlainApplicationAction,
} from '@mathbridge/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall, requireEitherSection } from '../../plugins/call.ts';
import * as service from './jobs.service.ts';

/**
 * Jobs and applications (issue 11). Employers (spec §6 `employment`: Enterprise, ResearchInstitute)
 * post jobs and act on applications; applicants (`myJob`: Teacher, Specialist, Student,
 * Individual) apply and withdraw; the /employ pages read without sign-in.
 */
export function jobsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const EMPLOYER = { auth: 'user', section: 'employment', verified: true } as const;
  const APPLICANT = { auth: 'user', section: 'myJob', verified: true } as const;
  service.registerResumeReaders(ctx);

  /* ---- public ---- */
  defineCall(app, {
    method: 'GET',
    path: 'job/publishedList',
    auth: 'none',
    input: PublishedJobsQuerySchema,
    handler: ({ input }) => service.listPublishedJobs(ctx, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'job/detail/:id',
    auth: 'none',
    input: JobIdSchema,
    handler: ({ caller, input }) => service.jobDetail(ctx, caller, input.id),
  });

  /* ---- employer ---- */
  defineCall(app, {
    method: 'GET',
    path: 'job/list',
    ...EMPLOYER,
    input: JobListQuerySchema,
    handler: ({ caller, input }) => service.listJobs(ctx, caller, input),
  });
  defineCall(app, {
    method: 'POST',
    path: 'job/save',
    ...EMPLOYER,
    input: JobSaveSchema,
    handler: ({ caller, input, ip }) => service.saveJob(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'job/publish',
    ...EMPLOYER,
    input: JobIdSchema,
    handler: ({ caller, input, ip }) => service.publishJob(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'job/close',
    ...EMPLOYER,
    input: JobIdSchema,
    handler: ({ caller, input, ip }) => service.closeJob(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'job/reopen',
    ...EMPLOYER,
    input: JobIdSchema,
    handler: ({ caller, input, ip }) => service.reopenJob(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'job/applicants',
    ...EMPLOYER,
    input: ApplicantsQuerySchema,
    handler: ({ caller, input }) => service.applicants(ctx, caller, input),
  });
  const actions: Record<string, PlainApplicationAction> = {
    'job/viewApplication': 'view',
    'job/inviteInterview': 'interview',
    'job/makeOffer': 'offer',
  };
  for (const [path, action] of Object.entries(actions)) {
    defineCall(app, {
      method: 'POST',
      path,
      ...EMPLOYER,
      input: ApplicationIdSchema,
      handler: ({ caller, input, ip }) => service.actOnApplication(ctx, caller, input.id, action, ip),
    });
  }
  defineCall(app, {
    method: 'POST',
    path: 'job/rejectApplication',
    ...EMPLOYER,
    input: RejectApplicationSchema,
    handler: ({ caller, input, ip }) => service.rejectApplication(ctx, caller, input, ip),
  });

  defineCall(app, {
    method: 'GET',
    path: 'job/application/:id',
    auth: 'user',
    input: ApplicationIdSchema,
    handler: ({ caller, input }) => {
      requireEitherSection(caller, 'employment', 'myJob');
      return service.applicationDetail(ctx, caller, input.id);
    },
  });

  /* ---- applicant ---- */
  defineCall(app, {
    method: 'POST',
    path: 'job/resumeSpace',
    ...APPLICANT,
    handler: ({ caller }) => service.resumeSpace(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'job/apply',
    ...APPLICANT,
    input: ApplySchema,
    handler: ({ caller, input, ip, locale }) => service.apply(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'job/withdraw',
    ...APPLICANT,
    input: ApplicationIdSchema,
    handler: ({ caller, input, ip }) => service.withdraw(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'job/myApplications',
    ...APPLICANT,
    input: MyApplicationsQuerySchema,
    handler: ({ caller, input }) => service.myApplications(ctx, caller, input),
  });
}

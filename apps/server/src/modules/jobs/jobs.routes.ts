import { jobEndpoints as calls } from '@mathbridge/contracts/endpoints/jobs';
import type { PlainApplicationAction } from '@mathbridge/contracts/jobs';
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
  service.registerResumeReaders(ctx);

  /* ---- public ---- */
  defineCall(app, calls.publishedList, ({ input }) => service.listPublishedJobs(ctx, input));
  defineCall(app, calls.detail, ({ caller, input }) => service.jobDetail(ctx, caller, input.id));

  /* ---- employer ---- */
  defineCall(app, calls.list, ({ caller, input }) => service.listJobs(ctx, caller, input));
  defineCall(app, calls.save, ({ caller, input, ip }) => service.saveJob(ctx, caller, input, ip));
  defineCall(app, calls.publish, ({ caller, input, ip }) => service.publishJob(ctx, caller, input.id, ip));
  defineCall(app, calls.close, ({ caller, input, ip }) => service.closeJob(ctx, caller, input.id, ip));
  defineCall(app, calls.reopen, ({ caller, input, ip }) => service.reopenJob(ctx, caller, input.id, ip));
  defineCall(app, calls.applicants, ({ caller, input }) => service.applicants(ctx, caller, input));
  const steps = [
    [calls.viewApplication, 'view'],
    [calls.inviteInterview, 'interview'],
    [calls.makeOffer, 'offer'],
  ] as const satisfies readonly (readonly [unknown, PlainApplicationAction])[];
  for (const [call, action] of steps) {
    defineCall(app, call, ({ caller, input, ip }) => service.actOnApplication(ctx, caller, input.id, action, ip));
  }
  defineCall(app, calls.rejectApplication, ({ caller, input, ip }) =>
    service.rejectApplication(ctx, caller, input, ip),
  );

  defineCall(app, calls.application, ({ caller, input }) => {
    requireEitherSection(caller, 'employment', 'myJob');
    return service.applicationDetail(ctx, caller, input.id);
  });

  /* ---- applicant ---- */
  defineCall(app, calls.resumeSpace, ({ caller }) => service.resumeSpace(ctx, caller));
  defineCall(app, calls.apply, ({ caller, input, ip, locale }) => service.apply(ctx, caller, input, ip, locale));
  defineCall(app, calls.withdraw, ({ caller, input, ip }) => service.withdraw(ctx, caller, input.id, ip));
  defineCall(app, calls.myApplications, ({ caller, input }) => service.myApplications(ctx, caller, input));
}

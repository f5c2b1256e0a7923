import { jobEndpoints as calls } from '@mathbridge/contracts/endpoints/jobs';
import type { PlainApplicationAction } from '@mathbridge/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerLinks } from '../../lib/links.ts';
import { defineCall, requireEitherSection } from '../../plugins/call.ts';
import * as applications from './applications.service.ts';
import * as service from './jobs.service.ts';
import { jobLinks } from './jobs.links.ts';

/**
 * Jobs and applications (issue 11). Employers (spec §6 `employment`: Enterprise, ResearchInstitute)
 * post jobs and act on applications; applicants (`myJob`: Teacher, Specialist, Student,
 * Individual) apply and withdraw; the /employ pages read without sign-in.
 */
export function jobsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerLinks(jobLinks);
  applications.registerResumeReaders(ctx);

  /* ---- public ---- */
  defineCall(app, calls.publishedList, ({ input }) => service.listPublishedJobs(ctx, input));
  defineCall(app, calls.detail, ({ caller, input }) => service.jobDetail(ctx, caller, input.id));

  /* ---- employer ---- */
  defineCall(app, calls.list, ({ caller, input }) => service.listJobs(ctx, caller, input));
  defineCall(app, calls.save, ({ caller, input, ip }) => service.saveJob(ctx, caller, input, ip));
  defineCall(app, calls.publish, ({ caller, input, ip }) => service.publishJob(ctx, caller, input.id, ip));
  defineCall(app, calls.close, ({ caller, input, ip }) => service.closeJob(ctx, caller, input.id, ip));
  defineCall(app, calls.reopen, ({ caller, input, ip }) => service.reopenJob(ctx, caller, input.id, ip));
  defineCall(app, calls.applicants, ({ caller, input }) => applications.applicants(ctx, caller, input));
  const steps = [
    [calls.viewApplication, 'view'],
    [calls.inviteInterview, 'interview'],
    [calls.makeOffer, 'offer'],
  ] as const satisfies readonly (readonly [unknown, PlainApplicationAction])[];
  for (const [call, action] of steps) {
    defineCall(app, call, ({ caller, input, ip }) => applications.actOnApplication(ctx, caller, input.id, action, ip));
  }
  defineCall(app, calls.rejectApplication, ({ caller, input, ip }) =>
    applications.rejectApplication(ctx, caller, input, ip),
  );

  defineCall(app, calls.application, ({ caller, input }) => {
    requireEitherSection(caller, 'employment', 'myJob');
    return applications.applicationDetail(ctx, caller, input.id);
  });

  /* ---- applicant ---- */
  defineCall(app, calls.resumeSpace, ({ caller }) => applications.resumeSpace(ctx, caller));
  defineCall(app, calls.apply, ({ caller, input, ip, locale }) => applications.apply(ctx, caller, input, ip, locale));
  defineCall(app, calls.withdraw, ({ caller, input, ip }) => applications.withdraw(ctx, caller, input.id, ip));
  defineCall(app, calls.myApplications, ({ caller, input }) => applications.myApplications(ctx, caller, input));
}

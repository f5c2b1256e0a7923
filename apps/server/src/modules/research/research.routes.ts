import { researchEndpoints as calls } from '@mathbridge/contracts/endpoints/research';
import { RESEARCH_KINDS } from '@mathbridge/contracts/research';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerLinks } from '../../lib/links.ts';
import { defineCall } from '../../plugins/call.ts';
import * as deliverables from './deliverables.service.ts';
import * as membership from './membership.service.ts';
import * as phases from './phases.service.ts';
import * as questions from './questions.service.ts';
import { researchLinks } from './research.links.ts';
import * as projects from './research.service.ts';

/**
 * Research projects (issue 10): the calls of contracts' endpoints/research.ts. ONE handler per
 * action, registered for each kind's endpoint (`subject/<action>`, `direction/<action>`; DESIGN §9:
 * one engine, two faces). Which workspace sections (spec §6) may use them, and every object check,
 * is the services' (research.policy.ts), since members reach a project from sections other than
 * its owner's.
 */
export function researchRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerLinks(researchLinks);
  for (const kind of RESEARCH_KINDS) {
    defineCall(app, calls.list[kind], ({ caller, input }) => projects.listProjects(ctx, caller, kind, input));
    defineCall(app, calls.detail[kind], ({ caller, input }) => projects.projectDetail(ctx, caller, kind, input.id));
    defineCall(app, calls.save[kind], ({ caller, input, ip, locale }) =>
      projects.saveProject(ctx, caller, kind, input, ip, locale),
    );
    defineCall(app, calls.commit[kind], ({ caller, input, ip }) =>
      projects.moveProjectState(ctx, caller, kind, input.id, 'commit', ip),
    );
    defineCall(app, calls.edit[kind], ({ caller, input, ip, locale }) =>
      projects.editProject(ctx, caller, kind, input, ip, locale),
    );
    defineCall(app, calls.toggle[kind], ({ caller, input, ip }) =>
      projects.toggleProject(ctx, caller, kind, input.id, ip),
    );
    defineCall(app, calls.start[kind], ({ caller, input, ip }) =>
      projects.moveProjectState(ctx, caller, kind, input.id, 'start', ip),
    );
    defineCall(app, calls.close[kind], ({ caller, input, ip }) =>
      projects.moveProjectState(ctx, caller, kind, input.id, 'close', ip),
    );
    defineCall(app, calls.conclude[kind], ({ caller, input, ip }) =>
      projects.moveProjectState(ctx, caller, kind, input.id, 'conclude', ip),
    );
    defineCall(app, calls.pool[kind], ({ caller, input }) => projects.projectPool(ctx, caller, kind, input));
    defineCall(app, calls.searchUsers[kind], ({ caller, input }) =>
      projects.searchUsers(ctx, caller, kind, input.keyword),
    );
    defineCall(app, calls.apply[kind], ({ caller, input, ip, locale }) =>
      membership.applyToProject(ctx, caller, kind, input, ip, locale),
    );
    defineCall(app, calls.approveJoin[kind], ({ caller, input, ip }) =>
      membership.approveJoin(ctx, caller, kind, input.member_id, ip),
    );
    defineCall(app, calls.refuseJoin[kind], ({ caller, input, ip }) =>
      membership.refuseJoin(ctx, caller, kind, input, ip),
    );
    defineCall(app, calls.invite[kind], ({ caller, input, ip, locale }) =>
      membership.inviteToProject(ctx, caller, kind, input, ip, locale),
    );
    defineCall(app, calls.acceptInvite[kind], ({ caller, input, ip, locale }) =>
      membership.acceptInvite(ctx, caller, kind, input, ip, locale),
    );
    defineCall(app, calls.declineInvite[kind], ({ caller, input, ip }) =>
      membership.declineInvite(ctx, caller, kind, input.id, ip),
    );
    defineCall(app, calls.leave[kind], ({ caller, input, ip }) =>
      membership.leaveProject(ctx, caller, kind, input.id, ip),
    );
    defineCall(app, calls.remove[kind], ({ caller, input, ip }) =>
      membership.removeMember(ctx, caller, kind, input.member_id, ip),
    );
    defineCall(app, calls.permissions[kind], ({ caller, input, ip }) =>
      membership.setPermissions(ctx, caller, kind, input, ip),
    );
    defineCall(app, calls.phases[kind], ({ caller, input }) => phases.listPhases(ctx, caller, kind, input.id));
    defineCall(app, calls.savePhase[kind], ({ caller, input, ip, locale }) =>
      phases.savePhase(ctx, caller, kind, input, ip, locale),
    );
    defineCall(app, calls.submitOutcome[kind], ({ caller, input, ip, locale }) =>
      phases.submitOutcome(ctx, caller, kind, input, ip, locale),
    );
    defineCall(app, calls.reviewOutcome[kind], ({ caller, input, ip }) =>
      phases.reviewOutcome(ctx, caller, kind, input, ip),
    );
    defineCall(app, calls.download[kind], ({ caller, input }) =>
      deliverables.deliverablesUrl(ctx, caller, kind, input.id),
    );
    defineCall(app, calls.phase[kind], ({ caller, input }) => phases.phaseDetail(ctx, caller, kind, input.id));
  }

  // The deliverables zip, opened by the browser itself: the link's HMAC stands in for the session.
  for (const kind of RESEARCH_KINDS)
    defineCall(app, calls.deliverables[kind], async ({ input, reply }) => {
      const out = await deliverables.openDeliverables(ctx, kind, input);
      return reply.headers(out.headers).send(out.stream);
    });

  /* subject only: the cooperation chain demand → solution → subject, both ways */
  defineCall(app, calls.fromSolution, ({ caller, input, ip }) =>
    projects.subjectFromSolution(ctx, caller, input.solution_id, ip),
  );
  defineCall(app, calls.ofSolution, ({ caller, input }) => projects.subjectsOfSolution(ctx, caller, input.solution_id));

  /* where a membership's to-do leads (either kind) */
  defineCall(app, calls.memberProject, ({ caller, input }) => membership.memberProject(ctx, caller, input.member_id));

  /* research questions of directions (DESIGN §9, `question/*`) */
  defineCall(app, calls.saveQuestion, ({ caller, input, ip, locale }) =>
    questions.saveQuestion(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.questions, ({ caller, input }) => questions.listQuestions(ctx, caller, input.project_id));
  defineCall(app, calls.myQuestions, ({ caller }) => questions.myQuestions(ctx, caller));
  defineCall(app, calls.question, ({ caller, input }) => questions.questionDetail(ctx, caller, input.id));
  defineCall(app, calls.questionOfAnswer, ({ caller, input }) => questions.questionOfAnswer(ctx, caller, input.id));
  defineCall(app, calls.answerQuestion, ({ caller, input, ip, locale }) =>
    questions.answerQuestion(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.reviewAnswer, ({ caller, input, ip }) => questions.reviewAnswer(ctx, caller, input, ip));
  defineCall(app, calls.questionProgress, ({ caller, input }) =>
    questions.questionProgress(ctx, caller, input.project_id),
  );
}

import {
  ApplySchema,
  FromSolutionSchema,
  InviteSchema,
  MemberIdSchema,
  OfSolutionSchema,
  PermissionsSchema,
  PoolQuerySchema,
  ProjectIdSchema,
  ProjectListQuerySchema,
  ProjectSaveSchema,
  RefuseJoinSchema,
  RespondSchema,
  UserSearchSchema,
  OutcomeReviewSchema,
  OutcomeSubmitSchema,
  PhaseSaveSchema,
  RESEARCH_KINDS,
  type ResearchKind,
  AnswerReviewSchema,
  AnswerSubmitSchema,
  QuestionIdSchema,
  QuestionProjectSchema,
  QuestionSaveSchema,
  DeliverablesLinkSchema,
} from '@mathbridge/contracts/research';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineCall, type CallContext } from '../../plugins/call.ts';
import * as deliverables from './deliverables.service.ts';
import * as phases from './phases.service.ts';
import * as questions from './questions.service.ts';
import * as service from './research.service.ts';

/**
 * Research projects (issue 10): ONE table of actions, registered for each kind as `subject/<action>`
 * and `direction/<action>` (DESIGN §9: one engine, two faces). Calls are `verified`; which
 * workspace sections (spec §6) may use them, and every object check, is the service's
 * (`requirePermission`), since members reach a project from sections other than its owner's.
 */

interface Action<S extends z.ZodType> {
  method: 'GET' | 'POST';
  action: string;
  input: S;
  handler: (ctx: AppContext, kind: ResearchKind, call: CallContext<z.infer<S>>) => Promise<unknown>;
}

const action = <S extends z.ZodType>(spec: Action<S>) => spec;

export const RESEARCH_ACTIONS = [
  action({
    method: 'GET',
    action: 'list',
    input: ProjectListQuerySchema,
    handler: (ctx, kind, { caller, input }) => service.listProjects(ctx, caller, kind, input),
  }),
  action({
    method: 'GET',
    action: 'detail/:id',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input }) => service.projectDetail(ctx, caller, kind, input.id),
  }),
  action({
    method: 'POST',
    action: 'save',
    input: ProjectSaveSchema,
    handler: (ctx, kind, { caller, input, ip, locale }) => service.saveProject(ctx, caller, kind, input, ip, locale),
  }),
  action({
    method: 'POST',
    action: 'commit',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.moveProjectState(ctx, caller, kind, input.id, 'commit', ip),
  }),
  action({
    method: 'POST',
    action: 'edit',
    input: ProjectSaveSchema,
    handler: (ctx, kind, { caller, input, ip, locale }) => service.editProject(ctx, caller, kind, input, ip, locale),
  }),
  action({
    method: 'POST',
    action: 'toggle',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.toggleProject(ctx, caller, kind, input.id, ip),
  }),
  action({
    method: 'POST',
    action: 'start',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.moveProjectState(ctx, caller, kind, input.id, 'start', ip),
  }),
  action({
    method: 'POST',
    action: 'close',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.moveProjectState(ctx, caller, kind, input.id, 'close', ip),
  }),
  action({
    method: 'POST',
    action: 'conclude',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input, ip }) =>
      service.moveProjectState(ctx, caller, kind, input.id, 'conclude', ip),
  }),
  action({
    method: 'GET',
    action: 'pool',
    input: PoolQuerySchema,
    handler: (ctx, kind, { caller, input }) => service.projectPool(ctx, caller, kind, input),
  }),
  action({
    method: 'GET',
    action: 'searchUsers',
    input: UserSearchSchema,
    handler: (ctx, kind, { caller, input }) => service.searchUsers(ctx, caller, kind, input.keyword),
  }),
  action({
    method: 'POST',
    action: 'apply',
    input: ApplySchema,
    handler: (ctx, kind, { caller, input, ip, locale }) => service.applyToProject(ctx, caller, kind, input, ip, locale),
  }),
  action({
    method: 'POST',
    action: 'approveJoin',
    input: MemberIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.approveJoin(ctx, caller, kind, input.member_id, ip),
  }),
  action({
    method: 'POST',
    action: 'refuseJoin',
    input: RefuseJoinSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.refuseJoin(ctx, caller, kind, input, ip),
  }),
  action({
    method: 'POST',
    action: 'invite',
    input: InviteSchema,
    handler: (ctx, kind, { caller, input, ip, locale }) =>
      service.inviteToProject(ctx, caller, kind, input, ip, locale),
  }),
  action({
    method: 'POST',
    action: 'acceptInvite',
    input: RespondSchema,
    handler: (ctx, kind, { caller, input, ip, locale }) => service.acceptInvite(ctx, caller, kind, input, ip, locale),
  }),
  action({
    method: 'POST',
    action: 'declineInvite',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.declineInvite(ctx, caller, kind, input.id, ip),
  }),
  action({
    method: 'POST',
    action: 'leave',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.leaveProject(ctx, caller, kind, input.id, ip),
  }),
  action({
    method: 'POST',
    action: 'remove',
    input: MemberIdSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.removeMember(ctx, caller, kind, input.member_id, ip),
  }),
  action({
    method: 'POST',
    action: 'permissions',
    input: PermissionsSchema,
    handler: (ctx, kind, { caller, input, ip }) => service.setPermissions(ctx, caller, kind, input, ip),
  }),
  action({
    method: 'GET',
    action: 'phases',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input }) => phases.listPhases(ctx, caller, kind, input.id),
  }),
  action({
    method: 'POST',
    action: 'savePhase',
    input: PhaseSaveSchema,
    handler: (ctx, kind, { caller, input, ip, locale }) => phases.savePhase(ctx, caller, kind, input, ip, locale),
  }),
  action({
    method: 'POST',
    action: 'submitOutcome',
    input: OutcomeSubmitSchema,
    handler: (ctx, kind, { caller, input, ip, locale }) => phases.submitOutcome(ctx, caller, kind, input, ip, locale),
  }),
  action({
    method: 'POST',
    action: 'reviewOutcome',
    input: OutcomeReviewSchema,
    handler: (ctx, kind, { caller, input, ip }) => phases.reviewOutcome(ctx, caller, kind, input, ip),
  }),
  action({
    method: 'POST',
    action: 'download',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input }) => deliverables.deliverablesUrl(ctx, caller, kind, input.id),
  }),
  action({
    method: 'GET',
    action: 'phase/:id',
    input: ProjectIdSchema,
    handler: (ctx, kind, { caller, input }) => phases.phaseDetail(ctx, caller, kind, input.id),
  }),
];

export function researchRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of RESEARCH_KINDS)
    for (const spec of RESEARCH_ACTIONS as readonly Action<z.ZodType>[])
      defineCall(app, {
        method: spec.method,
        path: `${kind}/${spec.action}`,
        auth: 'user',
        verified: true,
        input: spec.input,
        handler: (call) => spec.handler(ctx, kind, call),
      });

  // The deliverables zip, opened by the browser itself: the link's HMAC stands in for the session.
  for (const kind of RESEARCH_KINDS)
    defineCall(app, {
      method: 'GET',
      path: `${kind}/download`,
      auth: 'none',
      unsigned: true,
      input: DeliverablesLinkSchema,
      handler: async ({ input, reply }) => {
        const out = await deliverables.openDeliverables(ctx, kind, input);
        return reply.headers(out.headers).send(out.stream);
      },
    });

  /* subject only: the cooperation chain demand → solution → subject, both ways */
  defineCall(app, {
    method: 'POST',
    path: 'subject/fromSolution',
    auth: 'user',
    verified: true,
    input: FromSolutionSchema,
    handler: ({ caller, input, ip }) => service.subjectFromSolution(ctx, caller, input.solution_id, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'subject/ofSolution',
    auth: 'user',
    verified: true,
    input: OfSolutionSchema,
    handler: ({ caller, input }) => service.subjectsOfSolution(ctx, caller, input.solution_id),
  });

  /* where a membership's to-do leads (either kind) */
  defineCall(app, {
    method: 'GET',
    path: 'research/memberProject',
    auth: 'user',
    verified: true,
    input: MemberIdSchema,
    handler: ({ caller, input }) => service.memberProject(ctx, caller, input.member_id),
  });

  /* research questions of directions (DESIGN §9, `question/*`) */
  defineCall(app, {
    method: 'POST',
    path: 'question/save',
    auth: 'user',
    verified: true,
    input: QuestionSaveSchema,
    handler: ({ caller, input, ip, locale }) => questions.saveQuestion(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'GET',
    path: 'question/list',
    auth: 'user',
    verified: true,
    input: QuestionProjectSchema,
    handler: ({ caller, input }) => questions.listQuestions(ctx, caller, input.project_id),
  });
  defineCall(app, {
    method: 'GET',
    path: 'question/mine',
    auth: 'user',
    verified: true,
    handler: ({ caller }) => questions.myQuestions(ctx, caller),
  });
  defineCall(app, {
    method: 'GET',
    path: 'question/detail/:id',
    auth: 'user',
    verified: true,
    input: QuestionIdSchema,
    handler: ({ caller, input }) => questions.questionDetail(ctx, caller, input.id),
  });
  defineCall(app, {
    method: 'GET',
    path: 'question/ofAnswer/:id',
    auth: 'user',
    verified: true,
    input: QuestionIdSchema,
    handler: ({ caller, input }) => questions.questionOfAnswer(ctx, caller, input.id),
  });
  defineCall(app, {
    method: 'POST',
    path: 'question/answer',
    auth: 'user',
    verified: true,
    input: AnswerSubmitSchema,
    handler: ({ caller, input, ip, locale }) => questions.answerQuestion(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'question/review',
    auth: 'user',
    verified: true,
    input: AnswerReviewSchema,
    handler: ({ caller, input, ip }) => questions.reviewAnswer(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'question/progress',
    auth: 'user',
    verified: true,
    input: QuestionProjectSchema,
    handler: ({ caller, input }) => questions.questionProgress(ctx, caller, input.project_id),
  });
}

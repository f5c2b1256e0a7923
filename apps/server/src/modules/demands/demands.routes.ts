import {
  DemandIdSchema,
  DemandListQuerySchema,
  DemandReviewSchema,
  DemandSaveSchema,
  PublishedListQuerySchema,
  ReceiveDemandSchema,
  RecommendedQuerySchema,
} from '@mathbridge/contracts/demands';
import {
  DeclineSolutionSchema,
  SolutionIdSchema,
  SolutionListQuerySchema,
  SolutionSaveSchema,
} from '@mathbridge/contracts/solutions';
import { IdSchema } from '@mathbridge/contracts/validation';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall, requireEitherSection } from '../../plugins/call.ts';
import { registerAttachmentReaders } from './attachments.ts';
import * as demands from './demands.service.ts';
import * as solutions from './solutions.service.ts';

/** Demands and solutions (issue 5). Enterprise section: demandManage; institutes: demandManageRI, solutions. */
export function demandsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const E = { auth: 'user', section: 'demandManage', verified: true } as const;
  const RI = { auth: 'user', section: 'demandManageRI', verified: true } as const;
  registerAttachmentReaders(ctx);

  /* ---- demands ---- */
  defineCall(app, {
    method: 'GET',
    path: 'demand/list',
    ...E,
    input: DemandListQuerySchema,
    handler: ({ caller, input }) => demands.listDemands(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: ['demand/detail/:id', 'demandV2/detail/:id'],
    auth: 'user',
    input: DemandIdSchema,
    handler: ({ caller, input }) => {
      requireEitherSection(caller, 'demandManage', 'demandManageRI');
      return demands.demandDetail(ctx, caller, input.id);
    },
  });
  defineCall(app, {
    method: 'POST',
    path: ['demand/save', 'demandV2/save'],
    ...E,
    input: DemandSaveSchema,
    handler: ({ caller, input, ip, locale }) => demands.saveDemand(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/attachmentSpace',
    ...E,
    handler: ({ caller }) => demands.demandAttachmentTray(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/submit',
    ...E,
    input: DemandIdSchema,
    handler: ({ caller, input, ip }) => demands.submitDemand(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/withdraw',
    ...E,
    input: DemandIdSchema,
    handler: ({ caller, input, ip }) => demands.withdrawDemand(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/delete',
    ...E,
    input: DemandIdSchema,
    handler: ({ caller, input, ip }) => demands.deleteDemand(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/toggle',
    ...E,
    input: DemandIdSchema,
    handler: ({ caller, input, ip }) => demands.toggleDemand(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/close',
    ...E,
    input: DemandIdSchema,
    handler: ({ caller, input, ip }) => demands.endDemand(ctx, caller, input.id, 'closed', ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/complete',
    ...E,
    input: DemandIdSchema,
    handler: ({ caller, input, ip }) => demands.endDemand(ctx, caller, input.id, 'completed', ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/review',
    auth: 'user',
    section: 'todoList',
    verified: true,
    input: DemandReviewSchema,
    handler: ({ caller, input, ip }) => demands.reviewDemand(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'demand/solutions',
    ...E,
    input: SolutionListQuerySchema.extend({ id: IdSchema }),
    handler: ({ caller, input }) => solutions.listDemandSolutions(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: ['demand/publishedList', 'demandV2/publishedList'],
    ...RI,
    input: PublishedListQuerySchema,
    handler: ({ caller, input }) => demands.listPublishedDemands(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'demand/recommended',
    ...RI,
    input: RecommendedQuerySchema,
    handler: ({ caller, input }) => demands.recommendedDemands(ctx, caller, input),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/receive',
    ...RI,
    input: ReceiveDemandSchema,
    handler: ({ caller, input, ip, locale }) => demands.receiveDemand(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'demand/download',
    auth: 'user',
    input: DemandIdSchema,
    handler: ({ caller, input }) => {
      requireEitherSection(caller, 'demandManage', 'demandManageRI');
      return demands.downloadDemand(ctx, caller, input.id);
    },
  });

  defineCall(app, {
    method: 'GET',
    path: 'demand/cooperation/:id',
    auth: 'user',
    input: DemandIdSchema,
    handler: ({ caller, input }) => {
      requireEitherSection(caller, 'demandManage', 'demandManageRI');
      return solutions.cooperationDetail(ctx, caller, input.id);
    },
  });

  /* ---- solutions ---- */
  const S = { auth: 'user', section: 'solutions', verified: true } as const;
  defineCall(app, {
    method: 'GET',
    path: 'solution/list',
    ...S,
    input: SolutionListQuerySchema,
    handler: ({ caller, input }) => solutions.listOwnSolutions(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'solution/detail/:id',
    auth: 'user',
    input: SolutionIdSchema,
    handler: ({ caller, input }) => {
      requireEitherSection(caller, 'demandManage', 'solutions');
      return solutions.solutionDetail(ctx, caller, input.id);
    },
  });
  defineCall(app, {
    method: 'POST',
    path: 'solution/save',
    ...S,
    input: SolutionSaveSchema,
    handler: ({ caller, input, ip, locale }) => solutions.saveSolution(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'solution/attachmentSpace',
    ...S,
    handler: ({ caller }) => solutions.solutionAttachmentTray(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'solution/submit',
    ...S,
    input: SolutionIdSchema,
    handler: ({ caller, input, ip }) => solutions.submitSolution(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'solution/withdraw',
    ...S,
    input: SolutionIdSchema,
    handler: ({ caller, input, ip }) => solutions.withdrawSolution(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'solution/accept',
    ...E,
    input: SolutionIdSchema,
    handler: ({ caller, input, ip }) => solutions.acceptSolution(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'solution/decline',
    ...E,
    input: DeclineSolutionSchema,
    handler: ({ caller, input, ip }) => solutions.declineSolution(ctx, caller, input, ip),
  });
}

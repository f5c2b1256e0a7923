import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerLinks } from '../../lib/links.ts';
import { defineCall, requireEitherSection } from '../../plugins/call.ts';
import { registerAttachmentReaders } from './attachments.ts';
import { demandLinks } from './demands.links.ts';
import * as demands from './demands.service.ts';
import * as solutions from './solutions.service.ts';

/** Demands and solutions (issue 5): the calls of contracts' endpoints/demands.ts. */
export function demandsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerLinks(demandLinks);
  registerAttachmentReaders(ctx);

  /* ---- demands ---- */
  defineCall(app, calls.list, ({ caller, input }) => demands.listDemands(ctx, caller, input));
  defineCall(app, calls.detail, async ({ caller, input }) => {
    requireEitherSection(caller, 'demandManage', 'demandManageRI');
    return demands.demandDetail(ctx, caller, input.id);
  });
  defineCall(app, calls.save, ({ caller, input, ip, locale }) => demands.saveDemand(ctx, caller, input, ip, locale));
  defineCall(app, calls.attachmentSpace, ({ caller }) => demands.demandAttachmentTray(ctx, caller));
  defineCall(app, calls.submit, ({ caller, input, ip }) => demands.submitDemand(ctx, caller, input.id, ip));
  defineCall(app, calls.withdraw, ({ caller, input, ip }) => demands.withdrawDemand(ctx, caller, input.id, ip));
  defineCall(app, calls.delete, ({ caller, input, ip }) => demands.deleteDemand(ctx, caller, input.id, ip));
  defineCall(app, calls.toggle, ({ caller, input, ip }) => demands.toggleDemand(ctx, caller, input.id, ip));
  defineCall(app, calls.close, ({ caller, input, ip }) => demands.endDemand(ctx, caller, input.id, 'closed', ip));
  defineCall(app, calls.complete, ({ caller, input, ip }) => demands.endDemand(ctx, caller, input.id, 'completed', ip));
  defineCall(app, calls.review, ({ caller, input, ip }) => demands.reviewDemand(ctx, caller, input, ip));
  defineCall(app, calls.solutions, ({ caller, input }) => solutions.listDemandSolutions(ctx, caller, input));
  defineCall(app, calls.publishedList, ({ caller, input }) => demands.listPublishedDemands(ctx, caller, input));
  defineCall(app, calls.recommended, ({ caller, input }) => demands.recommendedDemands(ctx, caller, input));
  defineCall(app, calls.receive, ({ caller, input, ip, locale }) =>
    demands.receiveDemand(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.download, async ({ caller, input }) => {
    requireEitherSection(caller, 'demandManage', 'demandManageRI');
    return demands.downloadDemand(ctx, caller, input.id);
  });
  defineCall(app, calls.cooperation, async ({ caller, input }) => {
    requireEitherSection(caller, 'demandManage', 'demandManageRI');
    return solutions.cooperationDetail(ctx, caller, input.id);
  });

  /* ---- solutions ---- */
  defineCall(app, calls.solutionList, ({ caller, input }) => solutions.listOwnSolutions(ctx, caller, input));
  defineCall(app, calls.solutionDetail, async ({ caller, input }) => {
    requireEitherSection(caller, 'demandManage', 'solutions');
    return solutions.solutionDetail(ctx, caller, input.id);
  });
  defineCall(app, calls.solutionSave, ({ caller, input, ip, locale }) =>
    solutions.saveSolution(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.solutionAttachmentSpace, ({ caller }) => solutions.solutionAttachmentTray(ctx, caller));
  defineCall(app, calls.solutionSubmit, ({ caller, input, ip }) => solutions.submitSolution(ctx, caller, input.id, ip));
  defineCall(app, calls.solutionWithdraw, ({ caller, input, ip }) =>
    solutions.withdrawSolution(ctx, caller, input.id, ip),
  );
  defineCall(app, calls.solutionAccept, ({ caller, input, ip }) => solutions.acceptSolution(ctx, caller, input.id, ip));
  defineCall(app, calls.solutionDecline, ({ caller, input, ip }) => solutions.declineSolution(ctx, caller, input, ip));
  defineCall(app, calls.solutionMarkSeen, ({ caller, input }) => solutions.markSolutionSeen(ctx, caller, input.id));
}

import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import * as approval from './approval.service.ts';
import { getDashboard, type WorkCounters } from './dashboard.service.ts';

/** Certification review (spec §7 workflow) and the workspace dashboard. X and XV2 share a handler. */
export function approvalRoutes(app: FastifyInstance, ctx: AppContext, counters: WorkCounters): void {
  defineCall(app, calls.approveList, ({ caller, input }) => approval.listCertificationsForReview(ctx, caller, input));
  defineCall(app, calls.authDetail, ({ caller, input, ip }) => approval.certificationDetail(ctx, caller, input.id, ip));
  defineCall(app, calls.approveAuth, ({ caller, input, ip }) => approval.reviewCertification(ctx, caller, input, ip));
  defineCall(app, calls.dashboard, ({ caller }) => getDashboard(ctx, caller, counters));
}

import { ReviewDecisionSchema } from '@mathbridge/contracts/org';
import { ApproveListQuerySchema, AuthDetailQuerySchema } from '@mathbridge/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import * as approval from './approval.service.ts';
import { getDashboard } from './dashboard.service.ts';

/** Certification review (spec §7 workflow) and the workspace dashboard. X and XV2 share a handler. */
export function approvalRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'GET',
    path: ['workflow/auth2ApproveList', 'workflow/auth2ApproveListV2'],
    auth: 'user',
    input: ApproveListQuerySchema,
    handler: ({ caller, input }) => approval.listCertificationsForReview(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: ['workflow/authDetail', 'workflow/authDetailV2'],
    auth: 'user',
    input: AuthDetailQuerySchema,
    handler: ({ caller, input, ip }) => approval.certificationDetail(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: ['workflow/approveAuth', 'workflow/approveAuthV2'],
    auth: 'user',
    input: ReviewDecisionSchema,
    handler: ({ caller, input, ip }) => approval.reviewCertification(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'workflow/dashboard',
    auth: 'user',
    section: 'dashboard',
    verified: true,
    handler: ({ caller }) => getDashboard(ctx, caller),
  });
}

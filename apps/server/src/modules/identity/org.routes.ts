import { STATUS } from '@mathbridge/contracts/api';
import {
  LeaveOrganisationSchema,
  MemberClaimQuerySchema,
  OrganisationIdSchema,
  OrganisationListQuerySchema,
  OrganisationUpdateSchema,
  RemoveMemberSchema,
  ReviewDecisionSchema,
} from '@mathbridge/contracts/org';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { defineCall } from '../../plugins/call.ts';
import * as members from './member.service.ts';
import * as org from './org.service.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';

/** Organisations and their members (spec §7 organisation). */
export function orgRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'POST',
    path: 'org/update',
    auth: 'user',
    input: OrganisationUpdateSchema,
    handler: ({ caller, input, ip }) => org.updateOrganisationProfile(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'org/upload_logo',
    auth: 'user',
    multipart: true,
    handler: async ({ caller, request }) => {
      const file = await request.file();
      if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
      return org.uploadLogo(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'org/logo/:id',
    auth: 'none',
    unsigned: true,
    input: OrganisationIdSchema,
    handler: async ({ input, reply }) => {
      const logo = await org.readLogo(ctx, input.id);
      if (!logo) return reply.code(404).send();
      return sendStoredBytes(reply, logo, 'public');
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'org/getAuthOrgEditInfo',
    auth: 'user',
    handler: ({ caller }) => org.getAuthOrgEditInfo(ctx, caller),
  });
  defineCall(app, {
    method: 'GET',
    path: 'org/orgInfoIsCompleted',
    auth: 'user',
    handler: ({ caller }) => org.orgInfoIsCompleted(ctx, caller),
  });
  defineCall(app, {
    method: 'GET',
    path: 'org/listAllV2',
    auth: 'none',
    input: OrganisationListQuerySchema,
    handler: ({ input }) => org.listOrganisations(ctx, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'org/detail/:id',
    auth: 'none',
    input: OrganisationIdSchema,
    handler: ({ caller, input }) => org.organisationDetail(ctx, caller, input.id),
  });
  defineCall(app, {
    method: 'POST',
    path: 'org/userAuth',
    auth: 'user',
    section: 'todoList',
    verified: true,
    input: ReviewDecisionSchema,
    handler: ({ caller, input, ip }) => members.reviewMemberClaim(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'org/leave',
    auth: 'user',
    input: LeaveOrganisationSchema,
    handler: ({ caller, input, ip }) => members.leaveOrganisation(ctx, caller, input.org_id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'org/removeMember',
    auth: 'user',
    section: 'todoList',
    verified: true,
    input: RemoveMemberSchema,
    handler: ({ caller, input, ip }) => members.removeMember(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'org/getUserAuth',
    auth: 'user',
    section: 'todoList',
    verified: true,
    input: MemberClaimQuerySchema,
    handler: ({ caller, input }) => members.listMemberClaims(ctx, caller, input),
  });
}

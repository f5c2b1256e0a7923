import { InvitationListQuerySchema, InvitationRefSchema, InviteSchema } from '@mathbridge/contracts/org';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import * as invitations from './invitation.service.ts';

/** Invitation links (spec §7 sys: invite, invitationInfo; revoke, list and accept complete them). */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'POST',
    path: 'sys/invite',
    auth: 'user',
    verified: true,
    input: InviteSchema,
    handler: ({ caller, input, ip }) => invitations.createInvitation(ctx, caller, input.org_id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'sys/revokeInvite',
    auth: 'user',
    verified: true,
    input: InvitationRefSchema,
    handler: ({ caller, input, ip }) => invitations.revokeInvitation(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'sys/invitationList',
    auth: 'user',
    verified: true,
    input: InvitationListQuerySchema,
    handler: ({ caller, input }) => invitations.invitationList(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'sys/invitationInfo',
    auth: 'none',
    input: InvitationRefSchema,
    handler: ({ input, locale }) => invitations.invitationInfo(ctx, input.id, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'sys/acceptInvite',
    auth: 'user',
    input: InvitationRefSchema,
    handler: ({ caller, input, ip }) => invitations.acceptInvitation(ctx, caller, input.id, ip),
  });
}

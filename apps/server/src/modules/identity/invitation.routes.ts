import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import * as invitations from './invitation.service.ts';

/** Invitation links (spec §7 sys: invite, invitationInfo; revoke, list and accept complete them). */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, calls.invite, ({ caller, input, ip }) => invitations.createInvitation(ctx, caller, input.org_id, ip));
  defineCall(app, calls.revokeInvite, ({ caller, input, ip }) =>
    invitations.revokeInvitation(ctx, caller, input.id, ip),
  );
  defineCall(app, calls.invitationList, ({ caller, input }) => invitations.invitationList(ctx, caller, input));
  defineCall(app, calls.invitationInfo, ({ input, locale }) => invitations.invitationInfo(ctx, input.id, locale));
  defineCall(app, calls.acceptInvite, ({ caller, input, ip }) =>
    invitations.acceptInvitation(ctx, caller, input.id, ip),
  );
}

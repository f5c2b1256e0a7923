import { STATUS } from '@mathbridge/contracts/api';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { defineCall } from '../../plugins/call.ts';
import * as members from './member.service.ts';
import * as org from './org.service.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';

/** Organisations and their members (spec §7 organisation). */
export function orgRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, calls.orgUpdate, ({ caller, input, ip }) => org.updateOrganisationProfile(ctx, caller, input, ip));
  defineCall(app, calls.uploadLogo, async ({ caller, request }) => {
    const file = await request.file();
    if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
    return org.uploadLogo(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
  });
  defineCall(app, calls.logo, async ({ input, reply }) => {
    const logo = await org.readLogo(ctx, input.id);
    // A reply is awaited until it is sent (what returning it did before; a file answer returns nothing).
    if (!logo) {
      await reply.code(404).send();
      return;
    }
    await sendStoredBytes(reply, logo, 'public');
  });
  defineCall(app, calls.orgEditInfo, ({ caller }) => org.getAuthOrgEditInfo(ctx, caller));
  defineCall(app, calls.orgCompleteness, ({ caller }) => org.orgInfoIsCompleted(ctx, caller));
  defineCall(app, calls.orgList, ({ input }) => org.listOrganisations(ctx, input));
  defineCall(app, calls.orgDetail, ({ caller, input }) => org.organisationDetail(ctx, caller, input.id));
  defineCall(app, calls.reviewMember, ({ caller, input, ip }) => members.reviewMemberClaim(ctx, caller, input, ip));
  defineCall(app, calls.leave, ({ caller, input, ip }) => members.leaveOrganisation(ctx, caller, input.org_id, ip));
  defineCall(app, calls.removeMember, ({ caller, input, ip }) => members.removeMember(ctx, caller, input.id, ip));
  defineCall(app, calls.memberClaims, ({ caller, input }) => members.listMemberClaims(ctx, caller, input));
}

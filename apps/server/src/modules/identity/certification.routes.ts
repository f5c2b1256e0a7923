import { STATUS } from '@mathbridge/contracts/api';
import { certificationEndpoints, identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import { IDENTITY_ROLES } from '@mathbridge/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { defineCall } from '../../plugins/call.ts';
import * as certification from './certification.service.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';

/** Identities and their certification (spec §7 user: listRoles, roleSelect, survey, {role}Auth; org/register). */
export function certificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, calls.listRoles, ({ caller }) => certification.listRoles(ctx, caller));
  defineCall(app, calls.roleSelect, ({ caller, input, ip }) => certification.selectRole(ctx, caller, input.role, ip));
  for (const role of IDENTITY_ROLES) {
    defineCall(app, certificationEndpoints[role], ({ caller, input, ip, locale }) =>
      certification.submitCertification(ctx, caller, role, input, { ip, locale }),
    );
  }
  defineCall(app, calls.orgRegister, ({ caller, input, ip, locale }) => {
    const { type, ...form } = input;
    return certification.submitCertification(ctx, caller, type, form, { ip, locale });
  });
  defineCall(app, calls.withdrawAuth, ({ caller, ip }) => certification.withdrawCertification(ctx, caller, ip));
  defineCall(app, calls.authInfo, ({ caller }) => certification.getAuthInfo(ctx, caller));
  defineCall(app, calls.uploadCertificate, async ({ caller, request }) => {
    const file = await request.file();
    if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
    return certification.uploadCertificate(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
  });
  defineCall(app, calls.certificateFile, async ({ caller, input, reply }) => {
    const file = await certification.readCertificateFile(ctx, caller, input.id);
    // A reply is awaited until it is sent (what returning it did before; a file answer returns nothing).
    await sendStoredBytes(reply, file, 'private');
  });
  defineCall(app, calls.survey, ({ caller }) => certification.getSurvey(ctx, caller));
  defineCall(app, calls.saveSurvey, ({ caller, input, ip }) => certification.updateSurvey(ctx, caller, input, ip));
}

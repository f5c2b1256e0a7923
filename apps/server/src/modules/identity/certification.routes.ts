import { STATUS } from '@mathbridge/contracts/api';
import {
  AUTH_PATHS,
  AUTH_SCHEMAS,
  IDENTITY_ROLES,
  OrganisationRegisterSchema,
  RoleSelectSchema,
  SurveySchema,
} from '@mathbridge/contracts/identity';
import { IdSchema } from '@mathbridge/contracts/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { defineCall } from '../../plugins/call.ts';
import * as certification from './certification.service.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';

/** Identities and their certification (spec §7 user: listRoles, roleSelect, survey, {role}Auth; org/register). */
export function certificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'GET',
    path: 'user/listRoles',
    auth: 'none',
    handler: ({ caller }) => certification.listRoles(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/roleSelect',
    auth: 'user',
    input: RoleSelectSchema,
    handler: ({ caller, input, ip }) => certification.selectRole(ctx, caller, input.role, ip),
  });
  for (const role of IDENTITY_ROLES) {
    defineCall(app, {
      method: 'POST',
      path: AUTH_PATHS[role],
      auth: 'user',
      input: AUTH_SCHEMAS[role],
      handler: ({ caller, input, ip, locale }) =>
        certification.submitCertification(ctx, caller, role, input, { ip, locale }),
    });
  }
  defineCall(app, {
    method: 'POST',
    path: ['org/register', 'org/registerV2'],
    auth: 'user',
    input: OrganisationRegisterSchema,
    handler: ({ caller, input, ip, locale }) => {
      const { type, ...form } = input;
      return certification.submitCertification(ctx, caller, type, form, { ip, locale });
    },
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/withdrawAuth',
    auth: 'user',
    handler: ({ caller, ip }) => certification.withdrawCertification(ctx, caller, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'user/authInfo',
    auth: 'user',
    handler: ({ caller }) => certification.getAuthInfo(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: ['user/uploadCertificate', 'org/upload'],
    auth: 'user',
    multipart: true,
    handler: async ({ caller, request }) => {
      const file = await request.file();
      if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
      return certification.uploadCertificate(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
    },
  });
  // Bytes for an <img> the web fills from a fetch with the session header; not signed, like avatars.
  defineCall(app, {
    method: 'GET',
    path: 'user/certificateFile/:id',
    auth: 'user',
    unsigned: true,
    input: z.object({ id: IdSchema }),
    handler: async ({ caller, input, reply }) => {
      const file = await certification.readCertificateFile(ctx, caller, input.id);
      return sendStoredBytes(reply, file, 'private');
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'user/survey',
    auth: 'user',
    handler: ({ caller }) => certification.getSurvey(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/survey',
    auth: 'user',
    input: SurveySchema,
    handler: ({ caller, input, ip }) => certification.updateSurvey(ctx, caller, input, ip),
  });
}

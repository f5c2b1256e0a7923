import {
  ChangePasswordSchema,
  CheckMailSchema,
  ContactDeleteSchema,
  ContactSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SendVerifyCodeSchema,
  UpdateProfileSchema,
} from '@mathbridge/contracts/accounts';
import { STATUS } from '@mathbridge/contracts/api';
import { IdSchema } from '@mathbridge/contracts/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { defineCall } from '../../plugins/call.ts';
import * as accounts from './account.service.ts';
import * as contacts from './contacts.service.ts';
import { purgeExpiredSessions } from './session.service.ts';
import { purgeOldVerifyCodes, sendVerifyCode } from './verify-code.service.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  locale: request.locale,
});

const HOUR_MS = 60 * 60 * 1000;

/** The user module's calls (spec §7 'User', DESIGN §3 accounts contract). */
export function userRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { profileIdentity: accounts.ProfileIdentity },
): void {
  ctx.scheduler.registerJob({ name: 'user.sessions-purge', everyMs: HOUR_MS, run: () => purgeExpiredSessions(ctx.db) });
  ctx.scheduler.registerJob({
    name: 'user.verify-codes-purge',
    everyMs: HOUR_MS,
    run: () => purgeOldVerifyCodes(ctx.db),
  });

  defineCall(app, {
    method: 'POST',
    path: 'user/sendVerifyCode',
    auth: 'none',
    input: SendVerifyCodeSchema,
    handler: ({ input, ip, locale }) => sendVerifyCode(ctx, input.phone, input.scene, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/register',
    auth: 'none',
    input: RegisterSchema,
    handler: ({ input, request }) => accounts.register(ctx, input, meta(request)),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/login',
    auth: 'none',
    input: LoginSchema,
    handler: ({ input, request }) => accounts.login(ctx, input, meta(request)),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/logout',
    auth: 'user',
    handler: ({ caller }) => accounts.logout(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/doConfirm',
    auth: 'none',
    input: ResetPasswordSchema,
    handler: ({ input, request }) => accounts.resetPassword(ctx, input, meta(request)),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/change_password',
    auth: 'user',
    input: ChangePasswordSchema,
    handler: ({ caller, input, request }) => accounts.changePassword(ctx, caller, input, meta(request)),
  });
  defineCall(app, {
    method: 'GET',
    path: 'user/profile',
    auth: 'user',
    handler: ({ caller }) => accounts.getProfile(ctx, caller, deps.profileIdentity),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/update_profile',
    auth: 'user',
    input: UpdateProfileSchema,
    handler: ({ caller, input, request }) =>
      accounts.updateProfile(ctx, caller, input, meta(request), deps.profileIdentity),
  });
  defineCall(app, {
    method: 'GET',
    path: 'user/checkMailRegistered',
    auth: 'none',
    input: CheckMailSchema,
    handler: ({ input, ip }) => accounts.checkMailRegistered(ctx, input.email, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/upload_avatar',
    auth: 'user',
    multipart: true,
    handler: async ({ caller, request }) => {
      const file = await request.file();
      if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
      return accounts.uploadAvatar(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'user/avatar/:id',
    auth: 'none',
    unsigned: true,
    input: z.object({ id: IdSchema }),
    handler: async ({ input, reply }) => {
      const avatar = await accounts.readAvatar(ctx, input.id);
      if (!avatar) return reply.code(404).send();
      return sendStoredBytes(reply, avatar, 'public');
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'user/contactList',
    auth: 'user',
    handler: ({ caller }) => contacts.contactList(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/contactModify',
    auth: 'user',
    input: ContactSchema,
    handler: ({ caller, input, ip }) => contacts.contactModify(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'user/contactDelete',
    auth: 'user',
    input: ContactDeleteSchema,
    handler: ({ caller, input, ip }) => contacts.contactDelete(ctx, caller, input.id, ip),
  });
}

import { STATUS } from '@mathbridge/contracts/api';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

  defineCall(app, calls.sendVerifyCode, ({ input, ip, locale }) =>
    sendVerifyCode(ctx, input.phone, input.scene, ip, locale),
  );
  defineCall(app, calls.register, ({ input, request }) => accounts.register(ctx, input, meta(request)));
  defineCall(app, calls.login, ({ input, request }) => accounts.login(ctx, input, meta(request)));
  defineCall(app, calls.logout, ({ caller }) => accounts.logout(ctx, caller));
  defineCall(app, calls.resetPassword, ({ input, request }) => accounts.resetPassword(ctx, input, meta(request)));
  defineCall(app, calls.changePassword, ({ caller, input, request }) =>
    accounts.changePassword(ctx, caller, input, meta(request)),
  );
  defineCall(app, calls.profile, ({ caller }) => accounts.getProfile(ctx, caller, deps.profileIdentity));
  defineCall(app, calls.updateProfile, ({ caller, input, request }) =>
    accounts.updateProfile(ctx, caller, input, meta(request), deps.profileIdentity),
  );
  defineCall(app, calls.checkMailRegistered, ({ input, ip }) => accounts.checkMailRegistered(ctx, input.email, ip));
  defineCall(app, calls.uploadAvatar, async ({ caller, request }) => {
    const file = await request.file();
    if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
    return accounts.uploadAvatar(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
  });
  defineCall(app, calls.avatar, async ({ input, reply }) => {
    const avatar = await accounts.readAvatar(ctx, input.id);
    // A reply is awaited until it is sent (what returning it did before; a file answer returns nothing).
    if (!avatar) {
      await reply.code(404).send();
      return;
    }
    await sendStoredBytes(reply, avatar, 'public');
  });
  defineCall(app, calls.contactList, ({ caller }) => contacts.contactList(ctx, caller));
  defineCall(app, calls.contactModify, ({ caller, input, ip }) => contacts.contactModify(ctx, caller, input, ip));
  defineCall(app, calls.contactDelete, ({ caller, input, ip }) => contacts.contactDelete(ctx, caller, input.id, ip));
}

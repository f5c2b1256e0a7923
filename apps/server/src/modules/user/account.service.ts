import type {
  ChangePassword,
  Login,
  Profile,
  Register,
  ResetPassword,
  UpdateProfile,
} from '@mathbridge/contracts/accounts';
import { LOGIN_FAIL_MAX, LOGIN_FAIL_WINDOW_S, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { AppError, conflict, invalidField, notLoggedIn, rateLimited } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { STATUS } from '@mathbridge/contracts/api';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { openAttachedFile, replaceAttachedFile, storeAttachedBytes } from '../files/attached-files.service.ts';
import { endAllSessions, endSession, startSession } from './session.service.ts';
import {
  emailUsedByOther,
  findUserById,
  findUserByPhone,
  insertUser,
  rolesOf,
  swapAvatarKey,
  updateUser,
  newUserRow,
} from './user.repository.ts';
import { presentProfile } from './user.presenter.ts';
import { VISITOR_ROLE } from '@mathbridge/contracts/roles';
import { consumeVerifyCode } from './verify-code.service.ts';

/**
 * What the identity module adds to user/profile (the organisation owned, approvals waiting).
 * app.ts passes identity's function in, so the user module does not depend on identity.
 */
export type ProfileIdentity = (
  db: Db,
  user: { id: number; roles: readonly string[] },
) => Promise<Pick<Profile, 'owned_org' | 'verification_approve'>>;

/** The sign-in attempts of one phone (reset when the phone's owner resets the password). */
const loginFailKey = (phone: string) => `login-fail:${phone}`;

interface RequestMeta {
  ip: string;
  userAgent?: string;
  locale: Locale;
}

export async function register(ctx: AppContext, input: Register, meta: RequestMeta) {
  const perIp = await ctx.limiter.consume(`register-ip:${meta.ip}`, ctx.config.limits.registrationsPerIpHour, 3600);
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterS);
  if (await findUserByPhone(ctx.db, input.phone)) throw conflict('errors.phoneRegistered');

  await consumeVerifyCode(ctx.db, input.phone, 'register', input.code, meta.locale);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  let userId: number;
  try {
    userId = await ctx.db.transaction().execute(async (trx) => {
      const user = await insertUser(
        trx,
        newUserRow({ phone: input.phone, password_hash: passwordHash, account: input.phone }, now),
      );
      await writeAudit(trx, {
        actorId: user.id,
        action: 'user.register',
        targetType: 'user',
        targetId: user.id,
        ip: meta.ip,
      });
      return user.id;
    });
  } catch (error) {
    // Two sign-ups racing for one phone: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict('errors.phoneRegistered');
    throw error;
  }
  const token = await startSession(ctx.db, userId, meta);
  return { token, incomplete: true };
}

export async function login(ctx: AppContext, input: Login, meta: RequestMeta) {
  // Both attempts are reserved before the password is verified (DESIGN §8), so a burst gets at
  // most the allowed number of checks and the rest never run argon2. A sign-in that succeeds gives
  // its reservations back; refused ones keep counting, so the burst stays refused.
  const ipKey = `login-ip:${meta.ip}`;
  const perIp = await ctx.limiter.consume(ipKey, ctx.config.limits.loginFailuresPerIpHour, 3600);
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterS);
  const phoneKey = loginFailKey(input.phone_details);
  const perPhone = await ctx.limiter.consume(phoneKey, LOGIN_FAIL_MAX, LOGIN_FAIL_WINDOW_S);
  if (!perPhone.allowed) throw rateLimited(perPhone.retryAfterS, 'errors.loginLocked');

  const user = await findUserByPhone(ctx.db, input.phone_details);
  const ok = user
    ? await verifyPassword(user.password_hash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    // The lock-out lasts a full window from the failure that used the last attempt.
    if (perPhone.count === LOGIN_FAIL_MAX) await ctx.limiter.extend(phoneKey, LOGIN_FAIL_WINDOW_S);
    throw invalidField('password', 'loginFailed', translate(meta.locale, 'errors.loginFailed'));
  }
  await Promise.all([ctx.limiter.reward(ipKey), ctx.limiter.reward(phoneKey)]);
  if (user.disabled) throw new AppError(STATUS.forbidden, 'errors.accountDisabled');
  const token = await startSession(ctx.db, user.id, meta);
  await writeAudit(ctx.db, {
    actorId: user.id,
    action: 'user.login',
    targetType: 'user',
    targetId: user.id,
    ip: meta.ip,
  });
  const roles = await rolesOf(ctx.db, user.id);
  return { token, incomplete: roles.length === 0 };
}

export async function logout(ctx: AppContext, caller: Caller): Promise<null> {
  await endSession(ctx.db, caller.sessionId, 'logout');
  return null;
}

/**
 * The /forget screen: a code sent to the phone proves ownership; every session ends. The code is
 * checked first (its attempts are reserved atomically), so the answer for a number without an
 * account is the same as for a wrong code: this call tells nobody whether a phone is registered.
 */
export async function resetPassword(ctx: AppContext, input: ResetPassword, meta: RequestMeta): Promise<null> {
  await consumeVerifyCode(ctx.db, input.phone, 'forget', input.code, meta.locale);
  const user = await findUserByPhone(ctx.db, input.phone);
  // Codes for 'forget' go only to registered phones; the account can have gone since.
  if (!user) throw invalidField('code', 'codeInvalid', translate(meta.locale, 'errors.codeInvalid'));
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: nowIso() });
    await endAllSessions(trx, user.id, 'password');
    await writeAudit(trx, {
      actorId: user.id,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: user.id,
      ip: meta.ip,
    });
  });
  // Whoever reset the password owns the phone: the sign-in lock-out of that phone ends.
  await ctx.limiter.reset(loginFailKey(input.phone));
  return null;
}

export async function changePassword(
  ctx: AppContext,
  caller: Caller,
  input: ChangePassword,
  meta: RequestMeta,
): Promise<null> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notLoggedIn();
  // A stolen session must not become a password oracle: the check is reserved first, like sign-in.
  const checkKey = `password-check:${user.phone}`;
  const check = await ctx.limiter.consume(checkKey, LOGIN_FAIL_MAX, LOGIN_FAIL_WINDOW_S);
  if (!check.allowed) throw rateLimited(check.retryAfterS, 'errors.passwordCheckLocked');
  if (!(await verifyPassword(user.password_hash, input.old_password))) {
    if (check.count === LOGIN_FAIL_MAX) await ctx.limiter.extend(checkKey, LOGIN_FAIL_WINDOW_S);
    throw invalidField('old_password', 'oldPasswordWrong', translate(meta.locale, 'errors.oldPasswordWrong'));
  }
  await ctx.limiter.reward(checkKey);
  if (input.old_password === input.password) {
    throw invalidField('password', 'samePassword', translate(meta.locale, 'errors.samePassword'));
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: nowIso() });
    await endAllSessions(trx, user.id, 'password');
    await writeAudit(trx, {
      actorId: user.id,
      action: 'user.password_change',
      targetType: 'user',
      targetId: user.id,
      ip: meta.ip,
    });
  });
  return null;
}

export async function getProfile(ctx: AppContext, caller: Caller, identityOf: ProfileIdentity) {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notLoggedIn();
  const roles = await rolesOf(ctx.db, user.id);
  return presentProfile(
    user,
    roles,
    await identityOf(ctx.db, { id: user.id, roles: roles.length ? roles.map((r) => r.role) : [VISITOR_ROLE] }),
  );
}

export async function updateProfile(
  ctx: AppContext,
  caller: Caller,
  input: UpdateProfile,
  meta: RequestMeta,
  identityOf: ProfileIdentity,
) {
  if (input.email && (await emailUsedByOther(ctx.db, input.email, caller.id))) {
    throw invalidField('email', 'emailTaken', translate(meta.locale, 'errors.emailTaken'));
  }
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, caller.id, { ...changes, updated_at: nowIso() });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'user.profile_update',
      targetType: 'user',
      targetId: caller.id,
      detail: { fields: Object.keys(changes) },
      ip: meta.ip,
    });
  });
  return getProfile(ctx, caller, identityOf);
}

export async function checkMailRegistered(ctx: AppContext, email: string, ip: string) {
  // Answers whether an address is taken, so cap it per IP against harvesting.
  const perIp = await ctx.limiter.consume(`mail-check-ip:${ip}`, 120, 3600);
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterS);
  return { registered: await emailUsedByOther(ctx.db, email, null) };
}

/** Avatar: jpg/png up to 2 MB (spec §5 image rule), content sniffed; the old file is removed. */
export async function uploadAvatar(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; stream: Readable },
  ip: string,
) {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notLoggedIn();
  const stored = await storeAttachedBytes(ctx, 'avatars', UPLOAD_PROFILES.image, file);
  const now = nowIso();
  await replaceAttachedFile(ctx, stored, { ownerId: caller.id, purpose: 'avatar' }, async (trx) => {
    const replaced = await swapAvatarKey(trx, caller.id, stored.key, now);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'user.avatar_upload',
      targetType: 'user',
      targetId: caller.id,
      ip,
    });
    return replaced;
  });
  return { avatar: `/api/user/avatar/${caller.id}?v=${stored.key.slice(-8)}` };
}

/** The bytes of a user's avatar, for <img src>; avatars are public. */
export async function readAvatar(ctx: AppContext, userId: number) {
  const user = await findUserById(ctx.db, userId);
  if (!user?.avatar_key) return null;
  return openAttachedFile(ctx, user.avatar_key);
}

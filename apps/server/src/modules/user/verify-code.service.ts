import {
  VERIFY_CODE_DAILY_MAX_PER_PHONE,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_ATTEMPTS,
  VERIFY_CODE_RESEND_S,
  VERIFY_CODE_TTL_S,
} from '@mathbridge/contracts/constants';
import type { VerifyScene } from '@mathbridge/contracts/accounts';
import { translate } from '@mathbridge/contracts/messages';
import type { Locale } from '@mathbridge/contracts/locales';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { newNumericCode, sha256Hex } from '../../lib/crypto.ts';
import { conflict, invalidField, rateLimited } from '../../lib/errors.ts';
import { findUserByPhone } from './user.repository.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import { atRestKey } from '../../lib/at-rest-key.ts';
import { CODE_PLACEHOLDER, queueCodeMessage, type OutboxChannel } from '../platform/outbox.service.ts';
import { wechatBindingOf } from '../wechat/bindings.service.ts';

/** The window of the daily limit per phone (and how long spent codes are kept). */
const CODE_HISTORY_S = 86_400;

/** The limiter keys of one phone's code budget: one code per resend wait, so many a day. */
export const codeLimitKeys = (phone: string) => ({ resend: `code-resend:${phone}`, daily: `code-day:${phone}` });

/**
 * Where a code goes (issue 13 §3): a reset ('forget') code to the user's WeChat when the account
 * is bound and a WeChat sender is configured (the dispatcher falls back to SMS if it cannot be
 * delivered there); every other code by SMS to the phone.
 */
async function codeRoute(
  ctx: AppContext,
  phone: string,
  scene: VerifyScene,
  userId: number | undefined,
): Promise<{ channel: OutboxChannel; recipient: string; user_id: number | null }> {
  if (scene === 'forget' && userId !== undefined && ctx.delivery.canSend('wechat')) {
    const binding = await wechatBindingOf(ctx.db, userId);
    if (binding) return { channel: 'wechat', recipient: binding.openid, user_id: userId };
  }
  return { channel: 'sms', recipient: phone, user_id: userId ?? null };
}

/**
 * Verification codes. The message goes to the outbox table in the code's transaction, the code
 * sealed and the text with a placeholder for it; the delivery dispatcher renders and sends it
 * (nudged once the transaction commits) through the SMS provider or WeChat, and developers read it
 * at /api/dev/outbox (DESIGN §2).
 *
 * Every limit is reserved before the code is made (DESIGN §8): the per-IP budget first, before
 * anything about the phone is read (whether a number is registered is told to at most
 * `codesPerIpHour` requests per address and hour: issue 9 §6), then the phone's resend wait and
 * daily budget, so a burst for one phone sends exactly one code.
 */
export async function sendVerifyCode(ctx: AppContext, phone: string, scene: VerifyScene, ip: string, locale: Locale) {
  const perIp = await ctx.limiter.consume(`code-ip:${ip}`, ctx.config.limits.codesPerIpHour, 3600);
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterS);

  const user = await findUserByPhone(ctx.db, phone);
  const registered = user !== undefined;
  if (scene === 'register' && registered) throw conflict('errors.phoneRegistered');
  if (scene === 'forget' && !registered)
    throw invalidField('phone', 'phoneNotRegistered', translate(locale, 'errors.phoneNotRegistered'));

  const keys = codeLimitKeys(phone);
  const resend = await ctx.limiter.consume(keys.resend, 1, VERIFY_CODE_RESEND_S);
  if (!resend.allowed) {
    throw rateLimited(resend.retryAfterS, 'errors.codeResendWait', { seconds: resend.retryAfterS });
  }
  const daily = await ctx.limiter.consume(keys.daily, VERIFY_CODE_DAILY_MAX_PER_PHONE, CODE_HISTORY_S);
  if (!daily.allowed) {
    // Nothing was sent, so no wait: the next request hears about the daily limit again.
    await ctx.limiter.reward(keys.resend);
    throw rateLimited(daily.retryAfterS, 'errors.codeDailyLimit');
  }

  const route = await codeRoute(ctx, phone, scene, user?.id);
  const code = newNumericCode(VERIFY_CODE_LENGTH);
  // One clock reading, so a code lives exactly VERIFY_CODE_TTL_S (two readings can differ by 1 ms).
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const expiresAt = isoAfter(VERIFY_CODE_TTL_S, now);
  const sent = ctx.db.transaction().execute(async (trx) => {
    // Only the newest code of a phone and scene is valid.
    await trx
      .updateTable('verify_codes')
      .set({ consumed_at: createdAt })
      .where('phone', '=', phone)
      .where('scene', '=', scene)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('verify_codes')
      .values({
        phone,
        scene,
        code_hash: sha256Hex(`${phone}:${scene}:${code}`),
        ip,
        created_at: createdAt,
        expires_at: expiresAt,
        consumed_at: null,
      })
      .execute();
    await queueCodeMessage(trx, atRestKey(ctx.config), {
      ...route,
      template: `【数桥】验证码 ${CODE_PLACEHOLDER}，${VERIFY_CODE_TTL_S / 60} 分钟内有效。`,
      code,
      created_at: createdAt,
      expires_at: expiresAt,
    });
  });
  await sent.catch(async (error: unknown) => {
    // Nothing went out: the phone's reservations go back.
    await Promise.all([ctx.limiter.reward(keys.resend), ctx.limiter.reward(keys.daily)]);
    throw error;
  });
  // Committed: the message leaves now rather than at the dispatcher's next tick.
  ctx.delivery.nudge();
  if (!ctx.config.production) ctx.log.info({ phone, scene, code }, 'verification code (development)');
  return { ttl_s: VERIFY_CODE_TTL_S, resend_after_s: VERIFY_CODE_RESEND_S };
}

/**
 * Uses up the newest valid code of the phone and scene. Call it before (not inside) the
 * transaction that acts on it, so a wrong guess is counted even though the action fails. Each
 * guess first reserves one of the code's VERIFY_CODE_MAX_ATTEMPTS attempts with a guarded
 * UPDATE, so of any burst at most that many are compared; then the code is burnt. Two requests
 * racing with the right code: only one marks it consumed.
 */
export async function consumeVerifyCode(
  db: Db,
  phone: string,
  scene: VerifyScene,
  code: string,
  locale: Locale,
): Promise<void> {
  const wrong = () => invalidField('code', 'codeInvalid', translate(locale, 'errors.codeInvalid'));
  const row = await db
    .selectFrom('verify_codes')
    .select(['id', 'code_hash'])
    .where('phone', '=', phone)
    .where('scene', '=', scene)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw wrong();
  const attempt = await db
    .updateTable('verify_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', row.id)
    .where('attempts', '<', VERIFY_CODE_MAX_ATTEMPTS)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(attempt.numUpdatedRows) !== 1) throw wrong();
  if (row.code_hash !== sha256Hex(`${phone}:${scene}:${code.trim()}`)) throw wrong();
  const used = await db
    .updateTable('verify_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw wrong();
}

/**
 * Deletes verification codes older than a day: they expired minutes after they were sent
 * (VERIFY_CODE_TTL_S) and are kept, hashed, only that long. Returns how many.
 */
export async function purgeOldVerifyCodes(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('verify_codes')
    .where('created_at', '<', isoBefore(CODE_HISTORY_S, now))
    .where('expires_at', '<', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

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
import { queueMessage } from '../platform/outbox.service.ts';

/** How far back the daily limit per phone counts codes (and the purge keeps them). */
const CODE_HISTORY_S = 86_400;

/**
 * Verification codes by SMS. The message goes to the outbox table, which a provider adapter
 * drains in production and developers read at /api/dev/outbox (DESIGN §2).
 */
export async function sendVerifyCode(ctx: AppContext, phone: string, scene: VerifyScene, ip: string, locale: Locale) {
  const registered = (await findUserByPhone(ctx.db, phone)) !== undefined;
  if (scene === 'register' && registered) throw conflict('errors.phoneRegistered');
  if (scene === 'forget' && !registered)
    throw invalidField('phone', 'phoneNotRegistered', translate(locale, 'errors.phoneNotRegistered'));

  const perIp = await ctx.limiter.hit(`code-ip:${ip}`, 3600);
  if (perIp.count > ctx.config.limits.codesPerIpHour) throw rateLimited(perIp.retryAfterS);

  const recent = await ctx.db
    .selectFrom('verify_codes')
    .select(['created_at'])
    .where('phone', '=', phone)
    .where('created_at', '>', isoBefore(CODE_HISTORY_S))
    .orderBy('created_at', 'desc')
    .execute();
  const last = recent[0];
  if (last) {
    const waited = (Date.now() - Date.parse(last.created_at)) / 1000;
    if (waited < VERIFY_CODE_RESEND_S) {
      const wait = Math.ceil(VERIFY_CODE_RESEND_S - waited);
      throw rateLimited(wait, 'errors.codeResendWait', { seconds: wait });
    }
  }
  if (recent.length >= VERIFY_CODE_DAILY_MAX_PER_PHONE) throw rateLimited(86_400, 'errors.codeDailyLimit');

  const code = newNumericCode(VERIFY_CODE_LENGTH);
  const createdAt = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
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
        expires_at: isoAfter(VERIFY_CODE_TTL_S),
        consumed_at: null,
      })
      .execute();
    await queueMessage(trx, {
      channel: 'sms',
      recipient: phone,
      body: `【数桥】验证码 ${code}，${VERIFY_CODE_TTL_S / 60} 分钟内有效。`,
      code,
      created_at: createdAt,
    });
  });
  if (!ctx.config.production) ctx.log.info({ phone, scene, code }, 'verification code (development)');
  return { ttl_s: VERIFY_CODE_TTL_S, resend_after_s: VERIFY_CODE_RESEND_S };
}

/**
 * Uses up the newest valid code of the phone and scene. Call it before (not inside) the
 * transaction that acts on it, so a wrong guess is counted even though the action fails; after
 * VERIFY_CODE_MAX_ATTEMPTS wrong guesses the code is burnt. Two requests racing with one code:
 * only one marks it consumed.
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
    .select(['id', 'code_hash', 'attempts'])
    .where('phone', '=', phone)
    .where('scene', '=', scene)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.attempts >= VERIFY_CODE_MAX_ATTEMPTS) throw wrong();
  if (row.code_hash !== sha256Hex(`${phone}:${scene}:${code.trim()}`)) {
    await db
      .updateTable('verify_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', row.id)
      .execute();
    throw wrong();
  }
  const used = await db
    .updateTable('verify_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw wrong();
}

/**
 * Deletes verification codes older than the daily-limit window: they expired minutes after they
 * were sent (VERIFY_CODE_TTL_S), and the per-phone daily limit and resend wait read only the last
 * 24 hours. Returns how many.
 */
export async function purgeOldVerifyCodes(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('verify_codes')
    .where('created_at', '<', isoBefore(CODE_HISTORY_S, now))
    .where('expires_at', '<', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

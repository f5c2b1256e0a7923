import { randomBytes, timingSafeEqual } from 'node:crypto';
import { STATUS } from '@mathbridge/contracts/api';
import { translate } from '@mathbridge/contracts/messages';
import type { Locale } from '@mathbridge/contracts/locales';
import {
  WECHAT_CODE_LENGTH,
  WECHAT_CODE_MAX_ATTEMPTS,
  WECHAT_QR_PER_USER_HOUR,
  WECHAT_SCENE_TTL_S,
  type WeChatBinding,
  type WeChatQrStatus,
} from '@mathbridge/contracts/wechat';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { newNumericCode, sha256Hex } from '../../lib/crypto.ts';
import { AppError, conflict, invalidField, rateLimited, unavailable } from '../../lib/errors.ts';
import { inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { wechatBindingOf } from './bindings.service.ts';
import { WeChatUnreachableError, type WeChatClient } from './wechat.client.ts';

/**
 * WeChat binding (issue 13, DESIGN §13). A bind attempt is a temporary QR scene: `getQRcode`
 * creates it (or returns the caller's live one), the callback marks it scanned by an openid and
 * answers that follower with a code, `bind` checks the code and writes the binding.
 */

export interface WeChatDeps {
  ctx: AppContext;
  /** null: the official account is not configured, binding is unavailable. */
  client: WeChatClient | null;
}

type SceneState = 'waiting' | 'scanned' | 'bound' | 'conflict' | 'closed';

const notConfigured = () => new AppError(STATUS.notFound, 'errors.wechatUnavailable');
/** WeChat answered with an error (errcode): 500. WeChat could not be reached at all: 503, try again shortly. */
const upstream = (error: unknown) =>
  error instanceof WeChatUnreachableError
    ? unavailable('errors.wechatUnreachable')
    : new AppError(STATUS.internal, 'errors.wechatUpstream');

/** `oAbc…xyz9`: enough to recognise one's own account, not enough to address it. */
export const maskOpenid = (openid: string): string =>
  openid.length <= 8 ? `${openid.slice(0, 2)}…` : `${openid.slice(0, 4)}…${openid.slice(-4)}`;

const codeHash = (scene: string, code: string) => sha256Hex(`wechat:${scene}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The caller's newest scene still usable: not expired, not used up. */
const liveScene = (db: Db, userId: number) =>
  db
    .selectFrom('wechat_scenes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', 'in', ['waiting', 'scanned', 'conflict'])
    .where('expires_at', '>', nowIso())
    .where('attempts', '<', WECHAT_CODE_MAX_ATTEMPTS)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** True when the user has bound exactly once, through a scene still within its life (greets once). */
async function isFirstBinding(db: Db, userId: number): Promise<boolean> {
  const bound = await db
    .selectFrom('wechat_scenes')
    .select(['expires_at'])
    .where('user_id', '=', userId)
    .where('state', '=', 'bound')
    .limit(2)
    .execute();
  return bound.length === 1 && bound[0]!.expires_at > nowIso();
}

async function boundStatus(db: Db, userId: number, nickName: string | null): Promise<WeChatQrStatus> {
  return { url: '', is_bind: '1', is_first: await isFirstBinding(db, userId), nick_name: nickName ?? '' };
}

/**
 * The dialog's poll (every 2 s): the caller's binding, or their live scene's state, or a new
 * scene with a new QR code (rate-limited per user) when there is none.
 */
export async function qrStatus({ ctx, client }: WeChatDeps, caller: Caller): Promise<WeChatQrStatus> {
  if (!client) throw notConfigured();
  const binding = await wechatBindingOf(ctx.db, caller.id);
  if (binding) return boundStatus(ctx.db, caller.id, binding.nick_name);

  const scene = await liveScene(ctx.db, caller.id);
  if (scene?.state === 'conflict') {
    // Said once: the next poll starts a new scene for another WeChat account.
    const closed = await ctx.db
      .updateTable('wechat_scenes')
      .set({ state: 'closed' satisfies SceneState })
      .where('id', '=', scene.id)
      .where('state', '=', 'conflict')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 1) throw conflict('errors.wechatOpenidTaken');
  } else if (scene) {
    return { url: scene.url, is_bind: scene.state === 'scanned' ? '0' : '-1', is_first: false, nick_name: '' };
  }

  const budget = await ctx.limiter.consume(`wechat-qr:${caller.id}`, WECHAT_QR_PER_USER_HOUR, 3600);
  if (!budget.allowed) throw rateLimited(budget.retryAfterS);
  const sceneStr = `mb${randomBytes(16).toString('hex')}`;
  let qr: { ticket: string; url: string };
  try {
    qr = await client.createQrScene(sceneStr, WECHAT_SCENE_TTL_S);
  } catch (error) {
    // No QR was made: the unit goes back.
    await ctx.limiter.reward(`wechat-qr:${caller.id}`);
    ctx.log.warn({ err: error }, 'wechat: temporary QR code not created');
    throw upstream(error);
  }
  const now = Date.now();
  // Scenes that ended (expired, guessed out) leave the live states, so the one-live-scene key holds.
  await ctx.db
    .updateTable('wechat_scenes')
    .set({ state: 'closed' satisfies SceneState })
    .where('user_id', '=', caller.id)
    .where('state', 'in', ['waiting', 'scanned', 'conflict'])
    .where((eb) =>
      eb.or([eb('expires_at', '<=', new Date(now).toISOString()), eb('attempts', '>=', WECHAT_CODE_MAX_ATTEMPTS)]),
    )
    .execute();
  try {
    await ctx.db
      .insertInto('wechat_scenes')
      .values({
        scene_str: sceneStr,
        user_id: caller.id,
        ticket: qr.ticket.slice(0, 200),
        url: qr.url.slice(0, 300),
        state: 'waiting' satisfies SceneState,
        created_at: new Date(now).toISOString(),
        // The scene dies with the QR code, whose life is counted from WeChat's answer.
        expires_at: isoAfter(WECHAT_SCENE_TTL_S, now),
      })
      .execute();
  } catch (error) {
    // A parallel poll of the same user stored its scene first: everyone shows that one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await liveScene(ctx.db, caller.id);
    if (!winner) throw error;
    return { url: winner.url, is_bind: winner.state === 'scanned' ? '0' : '-1', is_first: false, nick_name: '' };
  }
  return { url: qr.url, is_bind: '-1', is_first: false, nick_name: '' };
}

/**
 * Step 1 of the dialog: the code the official account sent on the scan. Each guess first reserves
 * one of the scene's WECHAT_CODE_MAX_ATTEMPTS attempts with a guarded update, so of any burst at
 * most that many are compared; the binding is then written in one transaction with its audit row.
 */
export async function bindWeChat(
  { ctx, client }: WeChatDeps,
  caller: Caller,
  code: string,
  ip: string,
  locale: Locale,
): Promise<WeChatQrStatus> {
  if (!client) throw notConfigured();
  if (await wechatBindingOf(ctx.db, caller.id)) throw conflict('errors.wechatAlreadyBound');
  const wrong = () => invalidField('code', 'codeInvalid', translate(locale, 'errors.codeInvalid'));
  // Used-up scenes included: their guesses answer 'wrong code' like the others of the burst.
  const scene = await ctx.db
    .selectFrom('wechat_scenes')
    .selectAll()
    .where('user_id', '=', caller.id)
    .where('state', 'in', ['waiting', 'scanned'])
    .where('expires_at', '>', nowIso())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!scene || scene.state === 'waiting') throw conflict('errors.wechatNotScanned');
  if (scene.state !== 'scanned' || !scene.code_hash || !scene.openid) throw wrong();

  const attempt = await ctx.db
    .updateTable('wechat_scenes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', scene.id)
    .where('state', '=', 'scanned')
    .where('attempts', '<', WECHAT_CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(attempt.numUpdatedRows) !== 1) throw wrong();
  if (!sameHash(scene.code_hash, codeHash(scene.scene_str, code.trim()))) throw wrong();

  const openid = scene.openid;
  // Outside the transaction: a slow WeChat must not hold database locks.
  const nickName = await nicknameOf(client, openid, ctx);
  try {
    await inTransaction(ctx.db, async (trx) => {
      const used = await trx
        .updateTable('wechat_scenes')
        .set({ state: 'bound' satisfies SceneState, nick_name: nickName })
        .where('id', '=', scene.id)
        .where('state', '=', 'scanned')
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw wrong();
      const taken = await trx
        .selectFrom('wechat_bindings')
        .select('user_id')
        .where('openid', '=', openid)
        .executeTakeFirst();
      if (taken) throw conflict(taken.user_id === caller.id ? 'errors.wechatAlreadyBound' : 'errors.wechatOpenidTaken');
      await trx
        .insertInto('wechat_bindings')
        .values({ user_id: caller.id, openid, nick_name: nickName, created_at: nowIso() })
        .execute();
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'wechat.bind',
        targetType: 'user',
        targetId: caller.id,
        detail: { openid: maskOpenid(openid) },
        ip,
      });
    });
  } catch (error) {
    // The unique keys (one binding per user, one per openid) decide a race the reads above lost.
    if (isUniqueViolation(error)) throw conflict('errors.wechatOpenidTaken');
    throw error;
  }
  return boundStatus(ctx.db, caller.id, nickName);
}

/** The nickname where the account gets it (user/info), else the masked openid. */
async function nicknameOf(client: WeChatClient, openid: string, ctx: AppContext): Promise<string> {
  try {
    const info = await client.userInfo(openid);
    const nick = info.nickname?.trim();
    if (nick) return nick.slice(0, 100);
  } catch (error) {
    ctx.log.warn({ err: error }, 'wechat: user info unavailable; showing the masked openid');
  }
  return maskOpenid(openid);
}

/** The account page: unbinds the caller's WeChat (409 when there is none). */
export async function unbindWeChat({ ctx }: WeChatDeps, caller: Caller, ip: string): Promise<WeChatBinding> {
  await inTransaction(ctx.db, async (trx) => {
    const removed = await trx.deleteFrom('wechat_bindings').where('user_id', '=', caller.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw conflict('errors.wechatNotBound');
    await writeAudit(trx, { actorId: caller.id, action: 'wechat.unbind', targetType: 'user', targetId: caller.id, ip });
  });
  return { is_bind: '-1', nick_name: '', created_at: null };
}

export async function bindingOf({ ctx }: WeChatDeps, caller: Caller): Promise<WeChatBinding> {
  const binding = await wechatBindingOf(ctx.db, caller.id);
  return binding
    ? { is_bind: '1', nick_name: binding.nick_name ?? '', created_at: binding.created_at }
    : { is_bind: '-1', nick_name: '', created_at: null };
}

/* ---- The callback's side (wechat.callback.ts parses and verifies; these change state). ---- */

/** The fields of a callback event this module reads. */
export interface WeChatEvent {
  toUser: string;
  fromUser: string;
  createTime: string;
  msgType: string;
  event: string;
  eventKey: string;
}

/** Passive replies, to the follower in WeChat (the account's language: simplified Chinese). */
const REPLY = {
  code: (code: string) =>
    `您正在绑定数桥账号，验证码：${code}，${WECHAT_SCENE_TTL_S / 60} 分钟内有效。请在网页中输入。如非本人操作，请忽略。`,
  expired: '二维码已过期或无效，请在数桥网页上刷新二维码后重新扫描。',
  taken: '该微信号已绑定其他数桥账号，如需更换请先在原账号中解除绑定。',
  alreadyBound: '该微信号已绑定当前数桥账号，无需重复绑定。',
  otherScanner: '该二维码已被其他微信号扫描，请在数桥网页上刷新二维码。',
} as const;

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A passive text reply (plaintext mode): WeChat delivers it to the follower within its 5 s window. */
export function textReply(event: WeChatEvent, content: string): string {
  return (
    `<xml><ToUserName>${cdata(event.fromUser)}</ToUserName><FromUserName>${cdata(event.toUser)}</FromUserName>` +
    `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType>${cdata('text')}</MsgType>` +
    `<Content>${cdata(content)}</Content></xml>`
  );
}

/** The scene a subscribe (`qrscene_<scene>`) or SCAN (`<scene>`) event names; null for other events. */
function sceneOf(event: WeChatEvent): string | null {
  if (event.msgType !== 'event') return null;
  if (event.event === 'subscribe' && event.eventKey.startsWith('qrscene_')) return event.eventKey.slice(8);
  if (event.event === 'SCAN' && event.eventKey) return event.eventKey;
  return null;
}

/**
 * Handles one verified callback event and returns the HTTP answer ('success' or a passive reply).
 * Idempotent: the event's FromUserName + CreateTime is recorded (unique) in the transaction that
 * acts on it, so a retry of WeChat's gets the stored answer and changes nothing.
 */
export async function handleEvent({ ctx }: WeChatDeps, event: WeChatEvent): Promise<string> {
  const scene = sceneOf(event);
  const unsubscribe = event.msgType === 'event' && event.event === 'unsubscribe';
  if (!scene && !unsubscribe) return 'success';
  const replayed = () =>
    ctx.db
      .selectFrom('wechat_events')
      .select('reply')
      .where('from_user', '=', event.fromUser)
      .where('create_time', '=', event.createTime)
      .executeTakeFirst();
  const before = await replayed();
  if (before) return before.reply;
  try {
    return await inTransaction(ctx.db, async (trx) => {
      // First: a concurrent retry waits here for this one and then fails on the unique key.
      const created = await trx
        .insertInto('wechat_events')
        .values({ from_user: event.fromUser, create_time: event.createTime, reply: '', created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reply = scene ? await sceneScanned(trx, event, scene) : await followerLeft(trx, event);
      await trx.updateTable('wechat_events').set({ reply }).where('id', '=', created.id).execute();
      return reply;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await replayed())?.reply || 'success';
  }
}

async function sceneScanned(trx: Db, event: WeChatEvent, sceneStr: string): Promise<string> {
  const openid = event.fromUser;
  const scene = await trx
    .selectFrom('wechat_scenes')
    .selectAll()
    .where('scene_str', '=', sceneStr)
    .where('state', 'in', ['waiting', 'scanned'])
    .where('expires_at', '>', nowIso())
    .where('attempts', '<', WECHAT_CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (!scene) return textReply(event, REPLY.expired);
  if (scene.openid && scene.openid !== openid) return textReply(event, REPLY.otherScanner);
  const bound = await trx
    .selectFrom('wechat_bindings')
    .select('user_id')
    .where('openid', '=', openid)
    .executeTakeFirst();
  if (bound?.user_id === scene.user_id) return textReply(event, REPLY.alreadyBound);
  if (bound) {
    await trx
      .updateTable('wechat_scenes')
      .set({ state: 'conflict' satisfies SceneState, openid })
      .where('id', '=', scene.id)
      .execute();
    return textReply(event, REPLY.taken);
  }
  // A second scan by the same follower sends a new code; the scene's attempts are not reset.
  const code = newNumericCode(WECHAT_CODE_LENGTH);
  await trx
    .updateTable('wechat_scenes')
    .set({ state: 'scanned' satisfies SceneState, openid, code_hash: codeHash(scene.scene_str, code) })
    .where('id', '=', scene.id)
    .execute();
  return textReply(event, REPLY.code(code));
}

/** An unsubscribe ends that follower's binding: the account can no longer message them. */
async function followerLeft(trx: Db, event: WeChatEvent): Promise<string> {
  const binding = await trx
    .selectFrom('wechat_bindings')
    .select(['user_id'])
    .where('openid', '=', event.fromUser)
    .executeTakeFirst();
  if (binding) {
    await trx.deleteFrom('wechat_bindings').where('user_id', '=', binding.user_id).execute();
    await writeAudit(trx, {
      actorId: null,
      action: 'wechat.unsubscribe',
      targetType: 'user',
      targetId: binding.user_id,
      detail: { openid: maskOpenid(event.fromUser) },
    });
  }
  return 'success';
}

/**
 * Deletes answered events once WeChat has stopped retrying them (their replies carry codes), and
 * scenes that ended unbound a day ago. Bound scenes stay: they tell a first binding.
 */
export async function purgeWeChat(db: Db): Promise<void> {
  await db.deleteFrom('wechat_events').where('created_at', '<', isoBefore(WECHAT_SCENE_TTL_S)).execute();
  await db
    .deleteFrom('wechat_scenes')
    .where('state', '!=', 'bound')
    .where('expires_at', '<', isoBefore(86_400))
    .execute();
}

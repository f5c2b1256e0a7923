import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { atRestKey } from '../../lib/at-rest-key.ts';
import type { TestApp } from '../../test/harness.ts';
import { VERIFY_CODE_RESEND_S } from '@mathbridge/contracts/constants';
import { ageCodes, call, describeApi, latestCode, newPhone, registerUser, useTestApp } from '../../test/harness.ts';
import { startAliyunSmsPeer } from '../../test/sms-peers.ts';
import { bindNewOpenid, useWeChatTestApp } from '../../test/wechat-harness.ts';
import { CLAIM_MS, DeliveryDispatcher, WECHAT_CODE_MAX_ATTEMPTS } from './delivery-dispatcher.ts';
import { PermanentDeliveryError, type Sender } from './delivery.ts';
import { CODE_PLACEHOLDER, sealOutboxCode } from './outbox-codes.ts';
import { createOutboxSender } from './sms-senders.ts';

/**
 * Issue 13 §3: the dispatcher's claim is atomic (parallel claims on both databases), reset codes
 * of bound users go by WeChat when a WeChat sender exists, and a WeChat code that cannot be
 * delivered goes once by SMS to the user's phone.
 */

describe('SMS_PROVIDER configuration', () => {
  it('fails at start naming every missing variable, and refuses an unknown provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'x' })).toThrow(
      /SMS_PROVIDER=aliyun needs ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(
      /TENCENTCLOUD_SECRET_ID, TENCENTCLOUD_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/outbox, aliyun or tencent/);
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
  });
});

/** A port nothing listens on: a WeChat API that cannot be reached (a real connection failure). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A WeChat sender posting the customer-service message to the WeChat API at `baseOf()`. */
function wechatSenderTo(baseOf: () => string): Sender {
  return {
    name: 'wechat',
    async send(message) {
      const response = await fetch(`${baseOf()}/cgi-bin/message/custom/send?access_token=test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ touser: message.recipient, msgtype: 'text', text: { content: message.body } }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`wechat HTTP ${response.status}`);
      const answer = (await response.json()) as { errcode?: number; errmsg?: string };
      // 43004: the user unfollowed the official account; retrying cannot help.
      if (answer.errcode === 43004) throw new PermanentDeliveryError(`wechat 43004: ${answer.errmsg ?? ''}`);
      if (answer.errcode) throw new Error(`wechat ${answer.errcode}: ${answer.errmsg ?? ''}`);
    },
  };
}

const rowsOf = (t: TestApp, userId: number) =>
  t.ctx.db
    .selectFrom('outbox')
    .select([
      'id',
      'channel',
      'recipient',
      'user_id',
      'attempts',
      'sent_at',
      'next_attempt_at',
      'expires_at',
      'last_error',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

async function bind(t: TestApp, phone: string, openid: string): Promise<number> {
  const user = await t.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('wechat_bindings')
    .values({ user_id: user.id, openid, nick_name: 'Tester', created_at: new Date().toISOString() })
    .execute();
  return user.id;
}

let ipSeq = 0;
async function forgetCode(t: TestApp, phone: string) {
  ipSeq += 1;
  // Past the resend wait of the sign-up code.
  await ageCodes(t.ctx, phone, VERIFY_CODE_RESEND_S);
  const sent = await call(t.app, 'POST', 'user/sendVerifyCode', { phone, scene: 'forget' }, { ip: `10.81.${ipSeq}.1` });
  expect(sent.status).toBe(200);
  await t.ctx.delivery.idle();
}

describeApi('outbox claims', () => {
  const t = useTestApp();
  beforeAll(() => t().ctx.scheduler.stop());

  it('parallel claims by two dispatchers take each due row exactly once', async () => {
    const { db, log, config } = t().ctx;
    const key = atRestKey(config);
    const now = Date.now();
    const phones = Array.from({ length: 40 }, () => newPhone());
    await db
      .insertInto('outbox')
      .values(
        phones.map((phone) => ({
          channel: 'sms',
          recipient: phone,
          body: `【数桥】验证码 ${CODE_PLACEHOLDER}，5 分钟内有效。`,
          code_sealed: sealOutboxCode(key, { channel: 'sms', recipient: phone }, '1234'),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + 300_000).toISOString(),
        })),
      )
      .execute();
    const a = new DeliveryDispatcher(db, log, { sms: createOutboxSender() }, true, key);
    const b = new DeliveryDispatcher(db, log, { sms: createOutboxSender() }, true, key);
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).claimDue(now + 1, 5)));
    const ids = claims.flat().map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    // What the racing claims left is claimed next, and nothing twice.
    for (let batch = await a.claimDue(now + 1, 50); batch.length > 0; batch = await a.claimDue(now + 1, 50))
      ids.push(...batch.map((row) => row.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(40);
    // Claimed rows are nobody else's until the claim lapses (CLAIM_MS), then due again.
    expect(await b.claimDue(now + 2)).toEqual([]);
    expect(await b.claimDue(now + CLAIM_MS + 2, 50)).toHaveLength(40);
  });
});

describeApi('reset codes by WeChat, with the SMS fallback', () => {
  let base = '';
  beforeAll(async () => {
    base = `http://127.0.0.1:${await closedPort()}`;
  });
  // Nobody listens there (a real connection failure), except where a test starts a WeChat API.
  const t = useTestApp({}, { wechatSender: wechatSenderTo(() => base) });
  beforeAll(() => t().ctx.scheduler.stop());

  it('a bound user’s reset code goes to WeChat; undeliverable, it goes once by SMS, and the code resets the password', async () => {
    const user = await registerUser(t().app);
    const userId = await bind(t(), user.phone, `openid-${user.phone}`);
    await forgetCode(t(), user.phone);
    const [wechat, ...none] = await rowsOf(t(), userId);
    expect(none).toEqual([]);
    expect(wechat).toMatchObject({ channel: 'wechat', recipient: `openid-${user.phone}`, attempts: 1, sent_at: null });
    expect(wechat?.last_error).toMatch(/fetch failed/);

    const dispatcher = t().ctx.delivery as DeliveryDispatcher;
    let now = Date.parse(wechat?.next_attempt_at ?? '') + 1;
    for (let attempt = 2; attempt <= WECHAT_CODE_MAX_ATTEMPTS; attempt += 1) {
      await dispatcher.runOnce(now);
      now += 600_000 / 10;
    }
    await dispatcher.idle();
    const [given, sms, ...more] = await rowsOf(t(), userId);
    expect(more).toEqual([]);
    expect(given).toMatchObject({ channel: 'wechat', attempts: WECHAT_CODE_MAX_ATTEMPTS, sent_at: null });
    expect(given?.next_attempt_at).toBe(given?.expires_at);
    expect(sms).toMatchObject({ channel: 'sms', recipient: user.phone, user_id: userId, attempts: 1 });
    expect(sms?.sent_at).not.toBeNull();
    expect(sms?.expires_at).toBe(given?.expires_at);

    // Once: later runs neither retry the WeChat message nor send another SMS.
    await dispatcher.runOnce(Date.parse(given?.expires_at ?? '') - 1000);
    expect(await rowsOf(t(), userId)).toHaveLength(2);

    const code = await latestCode(t().app, user.phone);
    const reset = await call(t().app, 'POST', 'user/doConfirm', { phone: user.phone, code, password: 'brand-new-1' });
    expect(reset.status).toBe(200);
  });

  it('a WeChat answer that the user cannot be reached sends the code by SMS at once', async () => {
    // A WeChat API that answers every customer message with errcode 43004 (user unsubscribed).
    const wechatApi = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errcode: 43004, errmsg: 'require subscribe' }));
    });
    await new Promise<void>((resolve) => wechatApi.listen(0, '127.0.0.1', resolve));
    const unreachable = base;
    base = `http://127.0.0.1:${(wechatApi.address() as net.AddressInfo).port}`;
    try {
      const user = await registerUser(t().app);
      const userId = await bind(t(), user.phone, `openid-${user.phone}`);
      await forgetCode(t(), user.phone);
      const [given, sms, ...more] = await rowsOf(t(), userId);
      expect(more).toEqual([]);
      expect(given).toMatchObject({
        channel: 'wechat',
        attempts: 1,
        sent_at: null,
        last_error: expect.stringMatching(/43004/),
      });
      expect(given?.next_attempt_at).toBe(given?.expires_at);
      expect(sms).toMatchObject({ channel: 'sms', recipient: user.phone, attempts: 1 });
      expect(sms?.sent_at).not.toBeNull();
    } finally {
      base = unreachable;
      await new Promise<void>((resolve) => wechatApi.close(() => resolve()));
    }
  });

  it('an unbound user’s reset code and every sign-up code go by SMS', async () => {
    const user = await registerUser(t().app);
    const userId = (
      await t().ctx.db.selectFrom('users').select('id').where('phone', '=', user.phone).executeTakeFirstOrThrow()
    ).id;
    await forgetCode(t(), user.phone);
    const rows = await rowsOf(t(), userId);
    expect(rows.map((row) => [row.channel, row.recipient])).toEqual([['sms', user.phone]]);
    expect(rows[0]?.sent_at).not.toBeNull();
    const register = await t()
      .ctx.db.selectFrom('outbox')
      .select(['channel', 'user_id'])
      .where('recipient', '=', user.phone)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(register).toEqual({ channel: 'sms', user_id: null });
  });
});

describeApi('without a WeChat sender', () => {
  const lines: string[] = [];
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  beforeAll(() => t().ctx.scheduler.stop());

  it('a bound user’s reset code goes by SMS; WeChat messages wait, logged once', async () => {
    const user = await registerUser(t().app);
    const userId = await bind(t(), user.phone, `openid-${user.phone}`);
    await forgetCode(t(), user.phone);
    expect((await rowsOf(t(), userId)).map((row) => row.channel)).toEqual(['sms']);
    expect(await latestCode(t().app, user.phone)).toMatch(/^\d{4}$/);

    const now = Date.now();
    await t()
      .ctx.db.insertInto('outbox')
      .values({
        channel: 'wechat',
        kind: 'notice',
        user_id: userId,
        recipient: `openid-${user.phone}`,
        body: 'Your demand was approved',
        code: null,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + 86_400_000).toISOString(),
      })
      .execute();
    const dispatcher = t().ctx.delivery as DeliveryDispatcher;
    expect(dispatcher.canSend('wechat')).toBe(false);
    await dispatcher.runOnce();
    await dispatcher.runOnce();
    const [, notice] = await rowsOf(t(), userId);
    expect(notice).toMatchObject({ channel: 'wechat', attempts: 0, sent_at: null, next_attempt_at: null });
    expect(lines.filter((line) => line.includes('no sender is configured'))).toHaveLength(1);
    expect(await dispatcher.pendingByChannel()).toMatchObject({ wechat: 1 });
  });
});

// The SMS provider of the production suite below (sign-up codes and the WeChat fallback).
const aliyun = await startAliyunSmsPeer('LTAI-wechat-test', 'aliyun-secret-2');
afterAll(() => aliyun.close());

describeApi('reset codes by WeChat in production', () => {
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: 'LTAI-wechat-test',
    ALIYUN_ACCESS_KEY_SECRET: 'aliyun-secret-2',
    ALIYUN_SMS_SIGN_NAME: '数桥',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456',
    ALIYUN_SMS_ENDPOINT: aliyun.url,
  };
  const { sim, t } = useWeChatTestApp({ appId: 'wx-codes', appSecret: 'codes-secret', token: 'codes-token' }, env);
  beforeAll(() => t().ctx.scheduler.stop());

  /** The code the SMS peer got last for `phone` (production: no development outbox). */
  const smsCodeTo = (phone: string) => {
    const got = aliyun.received.filter((m) => m.phone === phone).at(-1);
    return (got?.params as { code?: string } | undefined)?.code ?? '';
  };
  /** A user registered with the code the SMS peer received, then bound to a new openid. */
  async function boundUser() {
    const phone = newPhone();
    ipSeq += 1;
    await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: `10.82.${ipSeq}.1` });
    await t().ctx.delivery.idle();
    const registered = await call<{ token: { access_token: string } }>(t().app, 'POST', 'user/register', {
      phone,
      code: smsCodeTo(phone),
      password: 'secret-pass-1',
    });
    expect(registered.status).toBe(200);
    return bindNewOpenid(t(), sim, { phone, token: registered.result.token.access_token }, 'oCodes');
  }
  const wechatTextsTo = (openid: string) =>
    sim.messages
      .filter((m) => m.body.touser === openid)
      .map((m) => String((m.body.text as { content?: unknown } | undefined)?.content ?? ''));
  const storedRows = (userId: number) =>
    t().ctx.db.selectFrom('outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const userIdOf = async (phone: string) =>
    (await t().ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  /** Names of the columns (the id aside) in which `code` can be read. */
  const columnsReading = (row: Record<string, unknown>, code: string) =>
    Object.entries(row)
      .filter(([name, value]) => name !== 'id' && new RegExp(`(?<![\\w-])${code}(?![\\w-])`).test(String(value)))
      .map(([name]) => name);

  it('the bound user reads the whole text with the code in WeChat, the row keeps nothing of it, and the code resets the password', async () => {
    const user = await boundUser();
    await forgetCode(t(), user.phone);
    const [text, ...more] = wechatTextsTo(user.openid);
    expect(more).toEqual([]);
    const code = /验证码 (\d{4})，5 分钟内有效。$/.exec(text ?? '')?.[1] ?? '';
    expect(text).toBe(`【数桥】验证码 ${code}，5 分钟内有效。`);
    const [row, ...others] = await storedRows(await userIdOf(user.phone));
    expect(others).toEqual([]);
    expect(row).toMatchObject({ channel: 'wechat', code: null, code_sealed: null });
    expect(row?.sent_at).not.toBeNull();
    expect(columnsReading(row ?? {}, code)).toEqual([]);
    const reset = await call(t().app, 'POST', 'user/doConfirm', { phone: user.phone, code, password: 'brand-new-1' });
    expect(reset.status).toBe(200);
  });

  it('a code WeChat cannot deliver goes by SMS with the same code; neither row keeps it', async () => {
    const user = await boundUser();
    sim.unfollowed.add(user.openid);
    await forgetCode(t(), user.phone);
    const code = smsCodeTo(user.phone);
    expect(code).toMatch(/^\d{4}$/);
    expect(wechatTextsTo(user.openid)).toEqual([]);
    const [wechat, sms, ...more] = await storedRows(await userIdOf(user.phone));
    expect(more).toEqual([]);
    expect(wechat).toMatchObject({ channel: 'wechat', sent_at: null, code: null, code_sealed: null });
    expect(sms).toMatchObject({ channel: 'sms', recipient: user.phone, code: null, code_sealed: null });
    expect(sms?.sent_at).not.toBeNull();
    for (const row of [wechat, sms]) expect(columnsReading(row ?? {}, code)).toEqual([]);
    const reset = await call(t().app, 'POST', 'user/doConfirm', { phone: user.phone, code, password: 'brand-new-1' });
    expect(reset.status).toBe(200);
  });
});

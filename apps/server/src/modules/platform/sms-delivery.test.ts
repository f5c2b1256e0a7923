import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { call, describeApi, newPhone, useTestApp } from '../../test/harness.ts';
import { startAliyunSmsPeer, startTencentSmsPeer, type SmsPeer } from '../../test/sms-peers.ts';
import { DeliveryDispatcher } from './delivery-dispatcher.ts';
import { createAliyunSender } from './sms-senders.ts';

/**
 * Issue 13 §3: codes leave through Aliyun SMS or Tencent Cloud SMS, through the providers' official
 * SDKs, to local peers that check the SDKs' request signatures. Production mode: no development
 * outbox, and nothing may log the code.
 */

const aliyun = await startAliyunSmsPeer('LTAI-test-key', 'aliyun-secret-1');
const tencent = await startTencentSmsPeer('AKID-test-key', 'tencent-secret-1');
afterAll(() => Promise.all([aliyun.close(), tencent.close()]));

const aliyunEnv = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'LTAI-test-key',
  ALIYUN_ACCESS_KEY_SECRET: 'aliyun-secret-1',
  ALIYUN_SMS_SIGN_NAME: '数桥',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456',
  ALIYUN_SMS_ENDPOINT: aliyun.url,
};
const tencentEnv = {
  SMS_PROVIDER: 'tencent',
  TENCENTCLOUD_SECRET_ID: 'AKID-test-key',
  TENCENTCLOUD_SECRET_KEY: 'tencent-secret-1',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: '数桥',
  TENCENT_SMS_TEMPLATE_ID: '1234567',
  TENCENT_SMS_ENDPOINT: tencent.url,
};

const outboxRow = (t: TestApp, phone: string) =>
  t.ctx.db
    .selectFrom('outbox')
    .select(['id', 'channel', 'code', 'attempts', 'sent_at', 'next_attempt_at', 'last_error', 'expires_at'])
    .where('recipient', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

let ipSeq = 0;
/** Asks for a code through the API and waits for the nudged delivery; answers the code as stored (pending) or the peer's. */
async function requestCode(t: TestApp, phone: string, scene: 'register' | 'forget' = 'register') {
  ipSeq += 1;
  const sent = await call(t.app, 'POST', 'user/sendVerifyCode', { phone, scene }, { ip: `10.80.${ipSeq}.1` });
  expect(sent.status).toBe(200);
  await t.ctx.delivery.idle();
}

/** The code as a token of its own (not inside a timestamp, port or request id). */
const codeToken = (code: string) => new RegExp(`(?<![\\w-])${code}(?![\\w-])`);

function logCapture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

function providerSuite(
  name: string,
  peer: SmsPeer,
  env: Record<string, string>,
  codeOf: (params: unknown) => string,
  failureModes: { mode: string; error: string }[],
) {
  describeApi(`code delivery through ${name} SMS`, () => {
    const log = logCapture();
    const t = useTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'info', METRICS_TOKEN: 'metrics-1', ...env },
      {
        logStream: log.stream,
      },
    );
    const secret = peer.secret;
    beforeAll(() => {
      // Retries are driven by the tests (runOnce at a chosen time), not by the 5 s tick.
      expect(t().ctx.scheduler.jobNames()).toContain('platform.outbox-dispatch');
      return t().ctx.scheduler.stop();
    });

    it('sends a sign-up code the peer accepts (valid signature), which then registers the user', async () => {
      const phone = newPhone();
      const before = peer.received.length;
      await requestCode(t(), phone);
      expect(peer.received.slice(before)).toHaveLength(1);
      const got = peer.received.at(-1);
      expect(got?.phone).toMatch(new RegExp(`${phone}$`));
      expect(got?.signName).toBe('数桥');
      const code = codeOf(got?.params);
      expect(code).toMatch(/^\d{4}$/);
      const row = await outboxRow(t(), phone);
      expect(row).toMatchObject({ channel: 'sms', attempts: 1, code: null, last_error: null });
      expect(row.sent_at).not.toBeNull();
      // No development outbox in production.
      expect((await call(t().app, 'GET', 'dev/outbox', { to: phone }, { unsigned: true })).http).toBe(404);
      const registered = await call(t().app, 'POST', 'user/register', { phone, code, password: 'secret-pass-1' });
      expect(registered.status).toBe(200);
    });

    it('a wrong key: the peer refuses the signature, the failure is recorded and retried, the code is in no log', async () => {
      const phone = newPhone();
      const received = peer.received.length;
      peer.secret = 'not-the-key-the-server-has';
      await requestCode(t(), phone);
      const failed = await outboxRow(t(), phone);
      const code = failed.code ?? '';
      expect(code).toMatch(/^\d{4}$/); // kept while pending: the template needs it
      expect(peer.received.length).toBe(received);
      expect(peer.refused.at(-1)).toMatch(/Signature/);
      expect(failed.attempts).toBe(1);
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toMatch(/Signature/);
      expect(failed.last_error).not.toContain(code);
      // Aliyun's answer quotes the signed request, code included: cut out.
      if (env.SMS_PROVIDER === 'aliyun') expect(failed.last_error).toContain('****');
      expect(Date.parse(failed.next_attempt_at ?? '')).toBeGreaterThan(Date.now());
      const logged = log.lines.filter((line) => line.includes('message not delivered'));
      expect(logged.length).toBeGreaterThan(0);
      for (const line of logged) expect(line).not.toContain(code);
      expect(log.lines.join('\n')).not.toMatch(codeToken(code));

      // Not before its next try; then, with the right key, it goes.
      peer.secret = secret;
      const dispatcher = t().ctx.delivery as DeliveryDispatcher;
      expect(await dispatcher.runOnce(Date.now())).toEqual({ sent: 0, failed: 0 });
      expect(await dispatcher.runOnce(Date.now() + 6_000)).toEqual({ sent: 1, failed: 0 });
      expect(codeOf(peer.received.at(-1)?.params)).toBe(code);
      const sent = await outboxRow(t(), phone);
      expect(sent).toMatchObject({ attempts: 2, code: null });
      expect(sent.sent_at).not.toBeNull();
      expect(log.lines.join('\n')).not.toMatch(codeToken(code));
      const registered = await call(t().app, 'POST', 'user/register', { phone, code, password: 'secret-pass-1' });
      expect(registered.status).toBe(200);
    });

    for (const { mode, error } of failureModes) {
      it(`two failures (${mode}) then success, with backoff between the tries`, async () => {
        const phone = newPhone();
        peer.failNext(2, mode);
        await requestCode(t(), phone);
        const dispatcher = t().ctx.delivery as DeliveryDispatcher;
        const first = await outboxRow(t(), phone);
        expect(first).toMatchObject({ attempts: 1, sent_at: null });
        expect(first.last_error).toContain(error);
        const t1 = Date.parse(first.next_attempt_at ?? '');
        expect(await dispatcher.runOnce(t1 + 1)).toEqual({ sent: 0, failed: 1 });
        const second = await outboxRow(t(), phone);
        expect(second.attempts).toBe(2);
        // The second wait is longer than the first (5 s, then 30 s).
        expect(Date.parse(second.next_attempt_at ?? '') - t1).toBeGreaterThanOrEqual(30_000);
        expect(await dispatcher.runOnce(Date.parse(second.next_attempt_at ?? '') + 1)).toEqual({ sent: 1, failed: 0 });
        const sent = await outboxRow(t(), phone);
        expect(sent).toMatchObject({ attempts: 3, code: null });
        expect(peer.received.at(-1)?.phone).toMatch(new RegExp(`${phone}$`));
      });
    }

    it('retries stop when the code expires: given up before it, nothing claimed after it, the code cleared', async () => {
      const phone = newPhone();
      peer.failNext(50, 'http500');
      await requestCode(t(), phone);
      const dispatcher = t().ctx.delivery as DeliveryDispatcher;
      const requests = peer.requests;
      let row = await outboxRow(t(), phone);
      const expires = Date.parse(row.expires_at);
      // Backoff 5 s, 30 s, 2 min: the 4th wait (10 min) is past the 5-minute code, so it gives up.
      for (let i = 0; i < 10; i += 1) {
        const due = Date.parse(row.next_attempt_at ?? '');
        if (due >= expires) break;
        await dispatcher.runOnce(due + 1);
        row = await outboxRow(t(), phone);
      }
      expect(row.attempts).toBe(4);
      expect(row.sent_at).toBeNull();
      expect(row.next_attempt_at).toBe(row.expires_at);
      expect(row.code).toBeNull();
      expect(peer.requests - requests).toBe(3);
      expect(await dispatcher.runOnce(expires - 1000)).toEqual({ sent: 0, failed: 0 });
      expect(await dispatcher.runOnce(expires + 1000)).toEqual({ sent: 0, failed: 0 });
      expect(peer.requests - requests).toBe(3);
      peer.failNext(0, 'http500');
    });

    it('clears the code of a message that expired unsent', async () => {
      const phone = newPhone();
      const now = Date.now();
      await t()
        .ctx.db.insertInto('outbox')
        .values({
          channel: 'sms',
          recipient: phone,
          body: '【数桥】验证码 4321，5 分钟内有效。',
          code: '4321',
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + 1000).toISOString(),
          // Claimed by an instance that then died: not due again before it expires.
          next_attempt_at: new Date(now + 60_000).toISOString(),
        })
        .execute();
      const dispatcher = t().ctx.delivery as DeliveryDispatcher;
      await dispatcher.runOnce(now);
      expect((await outboxRow(t(), phone)).code).toBe('4321');
      await dispatcher.runOnce(now + 2000);
      expect(await outboxRow(t(), phone)).toMatchObject({ code: null, sent_at: null, attempts: 0 });
    });

    it('parallel dispatcher runs, on two dispatchers, send each message exactly once', async () => {
      const { db, log: appLog } = t().ctx;
      const phones = Array.from({ length: 30 }, () => newPhone());
      const now = Date.now();
      await db
        .insertInto('outbox')
        .values(
          phones.map((phone, i) => ({
            channel: 'sms',
            kind: 'code',
            recipient: phone,
            body: `【数桥】验证码 ${1000 + i}，5 分钟内有效。`,
            code: String(1000 + i),
            created_at: new Date(now).toISOString(),
            expires_at: new Date(now + 300_000).toISOString(),
          })),
        )
        .execute();
      const app = t().ctx.delivery as DeliveryDispatcher;
      const other =
        env.SMS_PROVIDER === 'aliyun'
          ? new DeliveryDispatcher(
              db,
              appLog,
              {
                sms: createAliyunSender({
                  provider: 'aliyun',
                  accessKeyId: peer.keyId,
                  accessKeySecret: peer.secret,
                  signName: '数桥',
                  templateCode: 'SMS_123456',
                  endpoint: peer.url,
                }),
              },
              false,
            )
          : app;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? app : other).runOnce(now + 1)),
      );
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
      for (const phone of phones) {
        expect(peer.received.filter((m) => m.phone.endsWith(phone))).toHaveLength(1);
      }
      const rows = await db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts'])
        .where('recipient', 'in', phones)
        .execute();
      expect(rows.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
    });

    it('reports the queue on /metrics: pending messages by channel and deliveries by sender', async () => {
      const reply = await t().app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-1' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toMatch(/^mb_outbox_pending\{channel="sms"\} \d+$/m);
      expect(reply.body).toMatch(
        new RegExp(`^mb_outbox_deliveries_total\\{sender="${env.SMS_PROVIDER}",outcome="sent"\\} [1-9]\\d*$`, 'm'),
      );
      expect(reply.body).toMatch(
        new RegExp(`^mb_outbox_deliveries_total\\{sender="${env.SMS_PROVIDER}",outcome="failed"\\} [1-9]\\d*$`, 'm'),
      );
    });
  });
}

providerSuite('Aliyun', aliyun, aliyunEnv, (params) => (params as { code: string }).code, [
  { mode: 'limit', error: 'isv.BUSINESS_LIMIT_CONTROL' },
  { mode: 'http500', error: 'aliyun' },
]);
providerSuite('Tencent Cloud', tencent, tencentEnv, (params) => (params as string[])[0] ?? '', [
  { mode: 'limit', error: 'LimitExceeded.PhoneNumberThirtySecondLimit' },
  { mode: 'status', error: 'LimitExceeded.PhoneNumberDailyLimit' },
  { mode: 'http500', error: 'tencent' },
]);

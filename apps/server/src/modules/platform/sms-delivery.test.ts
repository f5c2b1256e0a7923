import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { TestApp } from '../../test/harness.ts';
import { call, describeApi, inParallel, newPhone, settledValues, useTestApp } from '../../test/harness.ts';
import { atRestKey } from '../../lib/at-rest-key.ts';
import { startAliyunSmsPeer, startTencentSmsPeer, type SmsPeer } from '../../test/sms-peers.ts';
import { DeliveryDispatcher } from './delivery-dispatcher.ts';
import { createAliyunSender } from './sms-senders.ts';

/**
 * Issue 13 §3: codes leave through Aliyun SMS or Tencent Cloud SMS, through the providers' official
 * SDKs, to local peers that check the SDKs' request signatures. Production mode: no development
 * outbox, nothing may log the code, and no column of the outbox holds it readably (only sealed,
 * while the message is pending).
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
    .select([
      'id',
      'channel',
      'body',
      'code',
      'code_sealed',
      'attempts',
      'sent_at',
      'next_attempt_at',
      'last_error',
      'expires_at',
    ])
    .where('recipient', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

/** Every column of the phone's newest outbox row, as stored. */
const storedRow = (t: TestApp, phone: string) =>
  t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

/** The columns of a stored row in which `code` can be read (the row id aside: a number, not the code). */
const columnsReading = (row: Record<string, unknown>, code: string) =>
  Object.entries(row)
    .filter(([name, value]) => name !== 'id' && codeToken(code).test(String(value)))
    .map(([name]) => name);

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
      expect(row).toMatchObject({ channel: 'sms', attempts: 1, code: null, code_sealed: null, last_error: null });
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
      peer.secret = secret;
      const failed = await outboxRow(t(), phone);
      expect(failed.code_sealed).toMatch(/^v1\./); // kept while pending, sealed: the template needs it
      expect(peer.received.length).toBe(received);
      expect(peer.refused.at(-1)).toMatch(/Signature/);
      expect(failed.attempts).toBe(1);
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toMatch(/Signature/);
      // Aliyun's answer quotes the signed request, code included: cut out.
      if (env.SMS_PROVIDER === 'aliyun') expect(failed.last_error).toContain('****');
      expect(Date.parse(failed.next_attempt_at ?? '')).toBeGreaterThan(Date.now());

      // Not before its next try; then, with the right key, it goes.
      const dispatcher = t().ctx.delivery as DeliveryDispatcher;
      expect(await dispatcher.runOnce(Date.now())).toEqual({ sent: 0, failed: 0 });
      expect(await dispatcher.runOnce(Date.now() + 6_000)).toEqual({ sent: 1, failed: 0 });
      const code = codeOf(peer.received.at(-1)?.params);
      expect(code).toMatch(/^\d{4}$/);
      expect(failed.last_error).not.toContain(code);
      const logged = log.lines.filter((line) => line.includes('message not delivered'));
      expect(logged.length).toBeGreaterThan(0);
      for (const line of logged) expect(line).not.toContain(code);
      const sent = await outboxRow(t(), phone);
      expect(sent).toMatchObject({ attempts: 2, code: null, code_sealed: null });
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
        expect(sent).toMatchObject({ attempts: 3, code_sealed: null });
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
      expect(row.code_sealed).toBeNull();
      expect(peer.requests - requests).toBe(3);
      expect(await dispatcher.runOnce(expires - 1000)).toEqual({ sent: 0, failed: 0 });
      expect(await dispatcher.runOnce(expires + 1000)).toEqual({ sent: 0, failed: 0 });
      expect(peer.requests - requests).toBe(3);
      peer.failNext(0, 'http500');
    });

    it('while a code waits for its retry no column of its row reads it; the SMS then carries it, the row keeps nothing of it, and it registers the user', async () => {
      const phone = newPhone();
      peer.failNext(1, 'http500');
      await requestCode(t(), phone);
      const pending = await storedRow(t(), phone);
      expect(pending).toMatchObject({ sent_at: null, attempts: 1, code: null });
      expect(pending.body).toBe('【数桥】验证码 {code}，5 分钟内有效。');
      expect(pending.code_sealed).toMatch(/^v1\./);

      const dispatcher = t().ctx.delivery as DeliveryDispatcher;
      expect(await dispatcher.runOnce(Date.parse(pending.next_attempt_at ?? '') + 1)).toEqual({ sent: 1, failed: 0 });
      const got = peer.received.at(-1);
      expect(got?.phone).toMatch(new RegExp(`${phone}$`));
      const code = codeOf(got?.params);
      expect(code).toMatch(/^\d{4}$/);
      expect(columnsReading(pending, code)).toEqual([]);
      const sent = await storedRow(t(), phone);
      expect(sent).toMatchObject({ attempts: 2, code: null, code_sealed: null });
      expect(sent.sent_at).not.toBeNull();
      expect(columnsReading(sent, code)).toEqual([]);
      const registered = await call(t().app, 'POST', 'user/register', { phone, code, password: 'secret-pass-1' });
      expect(registered.status).toBe(200);
    });

    it('a code that expires unsent leaves its row with no sealed code and no code in its text', async () => {
      const phone = newPhone();
      peer.failNext(1, 'http500');
      await requestCode(t(), phone);
      const pending = await outboxRow(t(), phone);
      expect(pending.code_sealed).toMatch(/^v1\./);
      const dispatcher = t().ctx.delivery as DeliveryDispatcher;
      const expires = Date.parse(pending.expires_at);
      // Not due before its expiry (say the instance that claimed it died): the run after clears it.
      await t()
        .ctx.db.updateTable('outbox')
        .set({ next_attempt_at: new Date(expires + 60_000).toISOString() })
        .where('id', '=', pending.id)
        .execute();
      await dispatcher.runOnce(expires - 1000);
      expect((await outboxRow(t(), phone)).code_sealed).toBe(pending.code_sealed);
      expect(await dispatcher.runOnce(expires + 1000)).toEqual({ sent: 0, failed: 0 });
      const expired = await outboxRow(t(), phone);
      expect(expired).toMatchObject({ code: null, code_sealed: null, sent_at: null, attempts: 1 });
      expect(expired.body).not.toMatch(/\d{4}/);
    });

    it('parallel dispatcher runs, on two dispatchers, send each message exactly once (rows an earlier version wrote with the code in clear: sealed once, then sent)', async () => {
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
              atRestKey(t().ctx.config),
            )
          : app;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? app : other).runOnce(now + 1)),
      );
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
      phones.forEach((phone, i) => {
        const got = peer.received.filter((m) => m.phone.endsWith(phone));
        expect(got).toHaveLength(1);
        expect(codeOf(got[0]?.params)).toBe(String(1000 + i));
      });
      const rows = await db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts', 'body', 'code', 'code_sealed'])
        .where('recipient', 'in', phones)
        .execute();
      expect(rows.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
      expect(new Set(rows.map(({ body, code, code_sealed }) => JSON.stringify({ body, code, code_sealed })))).toEqual(
        new Set([JSON.stringify({ body: '【数桥】验证码 {code}，5 分钟内有效。', code: null, code_sealed: null })]),
      );
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

describeApi('codes an earlier version left in the outbox in clear', () => {
  const t = useTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...aliyunEnv });
  beforeAll(() => t().ctx.scheduler.stop());

  it('after the upgrade a sent code leaves nothing of it, and a pending one is sealed before the server serves and still sent', async () => {
    const { db, config } = t().ctx;
    // Loaded here, not imported at the top, so only this test needs the migration.
    const migration = await import('../../db/migrations/0020-outbox-sealed-codes.ts');
    // Migrations take the untyped handle (Kysely's Migrator does the same).
    const schema = db as unknown as Kysely<unknown>;
    // The outbox as the previous version had it, with the rows it wrote: the code in the text and,
    // while pending, in `code`.
    await migration.down(schema);
    const [pendingPhone, sentPhone] = [newPhone(), newPhone()];
    const now = Date.now();
    const legacyRow = (recipient: string, code: string, sent: boolean) => ({
      channel: 'sms',
      kind: 'code',
      recipient,
      body: `【数桥】验证码 ${code}，5 分钟内有效。`,
      code: sent ? null : code,
      created_at: new Date(now - 60_000).toISOString(),
      expires_at: new Date(now + 240_000).toISOString(),
      attempts: 1,
      sent_at: sent ? new Date(now - 59_000).toISOString() : null,
      // The pending one failed once and is due again.
      next_attempt_at: sent ? null : new Date(now - 1000).toISOString(),
    });
    await db
      .insertInto('outbox')
      .values([legacyRow(pendingPhone, '4711', false), legacyRow(sentPhone, '4712', true)])
      .execute();
    await migration.up(schema);

    const sentRow = await storedRow(t(), sentPhone);
    expect(sentRow).toMatchObject({ body: '', code: null, code_sealed: null });
    expect(columnsReading(sentRow, '4712')).toEqual([]);

    // An instance starting over the upgraded database seals the clear code before it serves anything.
    const second = await buildApp(config);
    try {
      const sealed = await storedRow(t(), pendingPhone);
      expect(sealed).toMatchObject({ code: null, body: '【数桥】验证码 {code}，5 分钟内有效。', sent_at: null });
      expect(sealed.code_sealed).toMatch(/^v1\./);
      expect(columnsReading(sealed, '4711')).toEqual([]);

      expect(await (second.ctx.delivery as DeliveryDispatcher).runOnce()).toEqual({ sent: 1, failed: 0 });
      const got = aliyun.received.at(-1);
      expect(got?.phone).toBe(pendingPhone);
      expect(got?.params).toEqual({ code: '4711' });
      const sent = await storedRow(t(), pendingPhone);
      expect(sent).toMatchObject({ code: null, code_sealed: null, attempts: 2 });
      expect(sent.sent_at).not.toBeNull();
      expect(columnsReading(sent, '4711')).toEqual([]);
    } finally {
      await second.app.close();
    }
  });

  it('converts each clear code once when ten instances convert at the same time', async () => {
    const { db } = t().ctx;
    const now = Date.now();
    const phones = Array.from({ length: 12 }, () => newPhone());
    // Rows as an instance of the previous version still writes them during a rolling upgrade.
    await db
      .insertInto('outbox')
      .values(
        phones.map((recipient, i) => ({
          channel: 'sms',
          kind: 'code',
          recipient,
          body: `【数桥】验证码 ${5100 + i}，5 分钟内有效。`,
          code: String(5100 + i),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + 240_000).toISOString(),
          attempts: 0,
          next_attempt_at: new Date(now + 60_000).toISOString(),
        })),
      )
      .execute();
    const dispatcher = t().ctx.delivery as DeliveryDispatcher;
    const counts = settledValues(await inParallel(10, () => dispatcher.sealClearCodes(now)));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(phones.length);
    for (const [i, phone] of phones.entries()) {
      const row = await storedRow(t(), phone);
      expect(row).toMatchObject({ code: null, body: '【数桥】验证码 {code}，5 分钟内有效。' });
      expect(row.code_sealed).toMatch(/^v1\./);
      expect(columnsReading(row, String(5100 + i))).toEqual([]);
    }
  });
});

import { expect, it } from 'vitest';
import { VERIFY_CODE_TTL_S } from '@mathbridge/contracts/constants';
import type { TestApp } from '../../test/harness.ts';
import { call, describeApi, latestCode, newPhone, useTestApp } from '../../test/harness.ts';

/**
 * Issue 9 §10: the outbox holds only what delivery needs, only while it is worth anything. No
 * column reads a code (the text has a placeholder, the code is sealed); in production not even the
 * sealed code is kept once the message is sent, and every message goes when its code expires.
 */

const outboxRows = (t: TestApp, phone: string) =>
  t.ctx.db
    .selectFrom('outbox')
    .select(['body', 'code', 'code_sealed', 'created_at', 'expires_at', 'sent_at'])
    .where('recipient', '=', phone)
    .execute();

describeApi('outbox in production', () => {
  const t = useTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });

  it('keeps the message for delivery but no readable code beside it once sent, and no development outbox', async () => {
    const phone = newPhone();
    const sent = await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: '10.70.0.1' });
    expect(sent.status).toBe(200);
    // The nudged dispatcher sent it (SMS_PROVIDER=outbox) and cleared the code the providers needed.
    await t().ctx.delivery.idle();
    const [row, ...more] = await outboxRows(t(), phone);
    expect(more).toEqual([]);
    expect(row?.code).toBeNull();
    expect(row?.code_sealed).toBeNull();
    expect(row?.body).toBe('【数桥】验证码 {code}，5 分钟内有效。');
    expect(row?.sent_at).not.toBeNull();
    expect(Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')).toBe(VERIFY_CODE_TTL_S * 1000);
    expect((await call(t().app, 'GET', 'dev/outbox', { to: phone }, { unsigned: true })).http).toBe(404);
  });

  it('the purge job deletes a message once its code has expired, and keeps live ones', async () => {
    const { db, scheduler } = t().ctx;
    const expired = newPhone();
    const live = newPhone();
    const now = Date.now();
    const message = (recipient: string, expiresAt: number) => ({
      channel: 'sms',
      recipient,
      body: '【数桥】验证码 1234，5 分钟内有效。',
      code: null,
      created_at: new Date(expiresAt - VERIFY_CODE_TTL_S * 1000).toISOString(),
      expires_at: new Date(expiresAt).toISOString(),
    });
    await db
      .insertInto('outbox')
      .values([message(expired, now - 1000), message(expired, now - 86_400_000), message(live, now + 60_000)])
      .execute();

    expect(scheduler.jobNames()).toContain('platform.outbox-purge');
    expect(await scheduler.tryRun('platform.outbox-purge')).toBe(true);
    expect(await outboxRows(t(), expired)).toEqual([]);
    expect(await outboxRows(t(), live)).toHaveLength(1);
  });
});

describeApi('outbox in development', () => {
  const t = useTestApp();

  it('shows the sent message with its code until it expires, while the stored text has none and the code stays sealed', async () => {
    const phone = newPhone();
    await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: '10.70.1.1' });
    await t().ctx.delivery.idle();
    const code = await latestCode(t().app, phone);
    const shown = await call<{ to: string; body: string; code: string }[]>(
      t().app,
      'GET',
      'dev/outbox',
      { to: phone },
      { unsigned: true },
    );
    expect(shown.result).toEqual([
      { to: phone, body: `【数桥】验证码 ${code}，5 分钟内有效。`, code, created_at: expect.any(String) as unknown },
    ]);
    const [row] = await outboxRows(t(), phone);
    expect(row?.sent_at).not.toBeNull();
    expect(row?.code).toBeNull();
    expect(row?.body).toBe('【数桥】验证码 {code}，5 分钟内有效。');
    expect(row?.code_sealed).toMatch(/^v1\./);
  });
});

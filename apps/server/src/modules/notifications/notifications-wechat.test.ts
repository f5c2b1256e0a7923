import { STATUS } from '@mathbridge/contracts/api';
import { expect, it } from 'vitest';
import { call, describeApi } from '../../test/harness.ts';
import { bindNewOpenid, useWeChatTestApp } from '../../test/wechat-harness.ts';
import { approve, newUser, signInAdmin, submitFor } from '../identity/identity.fixtures.ts';

/**
 * Notifications reach a bound user's WeChat the way `npm start` joins the pieces: `notify` queues a
 * notice in the transition's transaction, the outbox dispatcher (its periodic run) sends it through
 * the real WeChat sender to the local simulator of WeChat's API. A user who turned the category off
 * gets nothing there, but still the in-app notification.
 */
describeApi('notifications through the official account', () => {
  const { sim, t } = useWeChatTestApp({ appId: 'wx-notify', appSecret: 'notify-secret', token: 'notify-token' });

  /** A new user bound to a new openid through the real dialog calls and callback. */
  const boundUser = async () => bindNewOpenid(t(), sim, await newUser(t().app), 'oNotify');
  const messagesTo = (openid: string) =>
    sim.messages.filter((m) => m.body.touser === openid).map((m) => JSON.stringify(m.body));

  it('a certification approved reaches the bound user as a WeChat message in Chinese', async () => {
    const admin = await signInAdmin(t());
    const user = await boundUser();
    const request = await submitFor(t().app, user, 'Individual');
    await approve(t().app, admin, request.id);
    await expect.poll(() => messagesTo(user.openid).length, { timeout: 20_000 }).toBe(1);
    expect(messagesTo(user.openid)[0]).toContain('认证已通过审核');
  });

  it('with the category turned off, nothing goes to WeChat; the notification is still in the app', async () => {
    const admin = await signInAdmin(t());
    const user = await boundUser();
    const saved = await call(
      t().app,
      'POST',
      'notification/savePrefs',
      { prefs: [{ category: 'certification', wechat: 0 }] },
      { token: user.token },
    );
    expect(saved.status).toBe(STATUS.ok);
    const request = await submitFor(t().app, user, 'Individual');
    await approve(t().app, admin, request.id);
    const count = await call<{ count: number }>(t().app, 'GET', 'notification/unreadCount', {}, { token: user.token });
    expect(count.result.count).toBe(1);
    await t().ctx.delivery.idle();
    const pending = await t()
      .ctx.db.selectFrom('outbox')
      .select('id')
      .where('recipient', '=', user.openid)
      .where('kind', '=', 'notice')
      .execute();
    expect(pending).toEqual([]);
    expect(messagesTo(user.openid)).toEqual([]);
  });
});

import { STATUS } from '@mathbridge/contracts/api';
import { expect, it } from 'vitest';
import { ageCodes, call, describeApi, latestCode, registerUser } from '../../test/harness.ts';
import { bindNewOpenid, useWeChatTestApp } from '../../test/wechat-harness.ts';

/**
 * Code delivery through the official account (issue 13 §3), the pieces joined as `npm start` joins
 * them: a configured account fills delivery's `wechat` slot with the real sender, so a bound user's
 * reset code leaves through WeChat's API (the local simulator), and a follower who left answers
 * 43004, after which the code goes by SMS at once.
 */
describeApi('reset codes of bound users go through the official account', () => {
  const { sim, t } = useWeChatTestApp({ appId: 'wx-delivery', appSecret: 'delivery-secret', token: 'delivery-token' });

  /** A registered user bound to a new openid through the real dialog calls and callback. */
  async function boundUser() {
    const user = await bindNewOpenid(t(), sim, await registerUser(t().app), 'oDelivery');
    // Past the sign-up code's resend wait.
    await ageCodes(t().ctx, user.phone, 61);
    return user;
  }
  /** The texts of the customer messages sent to a follower. */
  const messagesTo = (openid: string) =>
    sim.messages
      .filter((m) => m.type === 'custom' && m.body.touser === openid)
      .map((m) => (m.body.text as { content: string }).content);

  it('the reset code arrives as a WeChat message (not SMS) and resets the password', async () => {
    const user = await boundUser();
    const sent = await call(t().app, 'POST', 'user/sendVerifyCode', { phone: user.phone, scene: 'forget' });
    expect(sent.status).toBe(STATUS.ok);
    await expect.poll(() => messagesTo(user.openid).length, { timeout: 10_000 }).toBe(1);
    const code = /验证码 (\d+)/.exec(messagesTo(user.openid)[0]!)?.[1];
    expect(code).toBeDefined();
    // Nothing went to the phone.
    await expect(latestCode(t().app, user.phone)).resolves.not.toBe(code);
    const reset = await call(t().app, 'POST', 'user/doConfirm', { phone: user.phone, code, password: 'via-wechat-1' });
    expect(reset.status).toBe(STATUS.ok);
    const login = await call(t().app, 'POST', 'user/login', { phone_details: user.phone, password: 'via-wechat-1' });
    expect(login.status).toBe(STATUS.ok);
  });

  it('a follower who left (43004) gets the code by SMS at once, which resets the password', async () => {
    const user = await boundUser();
    sim.unfollowed.add(user.openid);
    const before = await latestCode(t().app, user.phone);
    expect((await call(t().app, 'POST', 'user/sendVerifyCode', { phone: user.phone, scene: 'forget' })).status).toBe(
      STATUS.ok,
    );
    await expect.poll(() => latestCode(t().app, user.phone), { timeout: 10_000 }).not.toBe(before);
    expect(messagesTo(user.openid)).toEqual([]);
    const code = await latestCode(t().app, user.phone);
    const reset = await call(t().app, 'POST', 'user/doConfirm', { phone: user.phone, code, password: 'via-sms-22' });
    expect(reset.status).toBe(STATUS.ok);
  });
});

import { describe, expect, it } from 'vitest';
import { ageCodes, call, describeApi, latestCode, newPhone, registerUser, useTestApp } from '../../test/harness.ts';

describeApi('accounts', () => {
  const t = useTestApp();

  describe('sendVerifyCode', () => {
    it('sends a 4-digit code to a domestic mobile, readable in the development outbox', async () => {
      const phone = newPhone();
      const reply = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone, scene: 'register' },
        { ip: '10.1.0.1' },
      );
      expect(reply.status).toBe(200);
      expect(reply.result).toEqual({ ttl_s: 300, resend_after_s: 60 });
      expect(await latestCode(t().app, phone)).toMatch(/^\d{4}$/);
    });

    it('refuses a number that is not a domestic mobile, with the message in each locale', async () => {
      const zh = await call(t().app, 'POST', 'user/sendVerifyCode', { phone: '+85291234567', scene: 'register' });
      expect(zh.status).toBe(400);
      expect(zh.result).toEqual({ errors: [{ field: 'phone', code: 'mobile', message: '请输入正确的手机号码' }] });
      const en = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone: '12345678901', scene: 'register' },
        { locale: 'en-US' },
      );
      expect((en.result as { errors: { message: string }[] }).errors[0]?.message).toBe('Enter a correct phone number');
      const hk = await call(t().app, 'POST', 'user/sendVerifyCode', { scene: 'register' }, { locale: 'zh-HK' });
      expect((hk.result as { errors: { message: string }[] }).errors[0]?.message).toBe('請填寫');
    });

    it('makes the caller wait 60 seconds before another code to the same phone', async () => {
      const phone = newPhone();
      expect(
        (await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: '10.1.0.2' })).status,
      ).toBe(200);
      const again = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone, scene: 'register' },
        { ip: '10.1.0.2', locale: 'en-US' },
      );
      expect(again.status).toBe(429);
      expect(again.message).toMatch(/^Please wait (59|60) seconds/);
    });

    it('sends at most 10 codes a day to one phone', async () => {
      const phone = newPhone();
      for (let i = 0; i < 10; i += 1) {
        expect(
          (await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: `10.2.0.${i}` }))
            .status,
        ).toBe(200);
        await ageCodes(t().ctx, phone, 61);
      }
      const eleventh = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone, scene: 'register' },
        { ip: '10.2.1.1' },
      );
      expect(eleventh.status).toBe(429);
      expect(eleventh.message).toBe('该手机号今日获取验证码次数过多，请明天再试');
    });

    it('caps codes per IP address', async () => {
      for (let i = 0; i < 30; i += 1) {
        expect(
          (
            await call(
              t().app,
              'POST',
              'user/sendVerifyCode',
              { phone: newPhone(), scene: 'register' },
              { ip: '10.3.0.1' },
            )
          ).status,
        ).toBe(200);
      }
      const over = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone: newPhone(), scene: 'register' },
        { ip: '10.3.0.1' },
      );
      expect(over.status).toBe(429);
      const elsewhere = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone: newPhone(), scene: 'register' },
        { ip: '10.3.0.2' },
      );
      expect(elsewhere.status).toBe(200);
    });

    it('refuses a register code for a registered phone and a reset code for an unknown one', async () => {
      const user = await registerUser(t().app);
      const taken = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone: user.phone, scene: 'register' },
        { ip: '10.4.0.1' },
      );
      expect(taken.status).toBe(409);
      const unknown = await call(
        t().app,
        'POST',
        'user/sendVerifyCode',
        { phone: newPhone(), scene: 'forget' },
        { ip: '10.4.0.1' },
      );
      expect(unknown.status).toBe(400);
      expect(unknown.message).toBe('部分信息填写有误');
    });
  });

  describe('register', () => {
    it('creates an account with the right code and signs it in as an incomplete visitor', async () => {
      const user = await registerUser(t().app);
      const profile = await call<Record<string, unknown>>(t().app, 'GET', 'user/profile', {}, { token: user.token });
      expect(profile.status).toBe(200);
      expect(profile.result).toMatchObject({
        info: { phone: user.phone, account: user.phone, truename: null, email: null, avatar: null },
        roles: [{ roleName: 'visitors', status: 1 }],
        owned_org: null,
        verification_approve: false,
        verify_state: null,
        incomplete: true,
      });
    });

    it('answers a wrong code with a field error and burns the code after 5 wrong guesses', async () => {
      const phone = newPhone();
      await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: '10.5.0.1' });
      const code = await latestCode(t().app, phone);
      const wrongCode = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i += 1) {
        const wrong = await call(
          t().app,
          'POST',
          'user/register',
          { phone, code: wrongCode, password: 'secret-pass' },
          { ip: '10.5.0.1' },
        );
        expect(wrong.status).toBe(400);
        expect(wrong.result).toEqual({
          errors: [{ field: 'code', code: 'codeInvalid', message: '验证码错误或已过期' }],
        });
      }
      const late = await call(
        t().app,
        'POST',
        'user/register',
        { phone, code, password: 'secret-pass' },
        { ip: '10.5.0.1' },
      );
      expect(late.status).toBe(400);
      const login = await call(t().app, 'POST', 'user/login', { phone_details: phone, password: 'secret-pass' });
      expect(login.status).toBe(400);
    });

    it('refuses a code that was already used, a registered phone and a short password', async () => {
      const user = await registerUser(t().app);
      const again = await call(
        t().app,
        'POST',
        'user/register',
        { phone: user.phone, code: '1234', password: 'secret-pass' },
        { ip: '10.5.1.1' },
      );
      expect(again.status).toBe(409);
      expect(again.message).toBe('该手机号已注册，请直接登录');

      const phone = newPhone();
      await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: '10.5.1.2' });
      const code = await latestCode(t().app, phone);
      const short = await call(
        t().app,
        'POST',
        'user/register',
        { phone, code, password: '12345' },
        { ip: '10.5.1.2', locale: 'en-US' },
      );
      expect(short.result).toEqual({
        errors: [{ field: 'password', code: 'password', message: 'The password needs at least 6 characters' }],
      });
      const badCode = await call(
        t().app,
        'POST',
        'user/register',
        { phone, code: '12', password: '123456' },
        { ip: '10.5.1.2' },
      );
      expect(badCode.result).toEqual({ errors: [{ field: 'code', code: 'verifyCode', message: '请输入4位验证码' }] });
    });

    it('limits registrations from one IP address', async () => {
      for (let i = 0; i < 10; i += 1) await registerUser(t().app, { ip: '10.6.0.1' });
      const phone = newPhone();
      await call(t().app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip: '10.6.0.2' });
      const over = await call(
        t().app,
        'POST',
        'user/register',
        { phone, code: await latestCode(t().app, phone), password: 'secret-pass' },
        { ip: '10.6.0.1' },
      );
      expect(over.status).toBe(429);
    });
  });

  describe('login and sessions', () => {
    it('signs in with phone_details and password and returns a token', async () => {
      const user = await registerUser(t().app);
      const login = await call<{ token: { access_token: string; expires_at: string }; incomplete: boolean }>(
        t().app,
        'POST',
        'user/login',
        {
          phone_details: user.phone,
          password: user.password,
        },
      );
      expect(login.status).toBe(200);
      expect(login.result.token.access_token).toMatch(/^[\w-]{40,}$/);
      expect(Date.parse(login.result.token.expires_at)).toBeGreaterThan(Date.now());
      expect(login.result.incomplete).toBe(true);
    });

    it('a second sign-in supersedes the first: the old token gets 301, the new one works', async () => {
      const user = await registerUser(t().app);
      const second = await call<{ token: { access_token: string } }>(t().app, 'POST', 'user/login', {
        phone_details: user.phone,
        password: user.password,
      });
      const old = await call(t().app, 'GET', 'user/profile', {}, { token: user.token, locale: 'en-US' });
      expect(old.status).toBe(301);
      expect(old.message).toBe('You may be logged in elsewhere, refresh and log in again');
      const fresh = await call(t().app, 'GET', 'user/profile', {}, { token: second.result.token.access_token });
      expect(fresh.status).toBe(200);
    });

    it('a token used a moment ago (held by the short session cache) still gets 301 right after a new sign-in', async () => {
      const user = await registerUser(t().app);
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(200);
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(200);
      await call(t().app, 'POST', 'user/login', { phone_details: user.phone, password: user.password });
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(301);
    });

    it('answers 305 without a token, with an unknown token, and after logout', async () => {
      const none = await call(t().app, 'GET', 'user/profile');
      expect(none.status).toBe(305);
      expect(none.message).toBe('您还未登录，请先登录');
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: 'not-a-token' })).status).toBe(305);
      const user = await registerUser(t().app);
      expect((await call(t().app, 'POST', 'user/logout', {}, { token: user.token })).status).toBe(200);
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(305);
    });

    it('answers a wrong password and an unknown phone with the same message', async () => {
      const user = await registerUser(t().app);
      const wrong = await call(
        t().app,
        'POST',
        'user/login',
        { phone_details: user.phone, password: 'nope-nope' },
        { locale: 'en-US' },
      );
      const unknown = await call(
        t().app,
        'POST',
        'user/login',
        { phone_details: newPhone(), password: 'nope-nope' },
        { locale: 'en-US' },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.result).toEqual(unknown.result);
      expect(wrong.result).toEqual({
        errors: [{ field: 'password', code: 'loginFailed', message: 'Wrong mobile number or password' }],
      });
    });

    it('locks a phone out after 5 failed sign-ins, even with the right password', async () => {
      const user = await registerUser(t().app);
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await call(t().app, 'POST', 'user/login', { phone_details: user.phone, password: 'wrong-pass' })).status,
        ).toBe(400);
      }
      const locked = await call(
        t().app,
        'POST',
        'user/login',
        { phone_details: user.phone, password: user.password },
        { locale: 'en-US' },
      );
      expect(locked.status).toBe(429);
      expect(locked.message).toBe('Too many failed sign-ins; try again in 15 minutes');
    });
  });

  describe('request signature', () => {
    it('refuses a wrong sign with 400 and changes nothing', async () => {
      const user = await registerUser(t().app);
      const tampered = await call(
        t().app,
        'POST',
        'user/update_profile',
        { truename: '张三' },
        { token: user.token, sign: 'a'.repeat(64) },
      );
      expect(tampered.status).toBe(400);
      expect(tampered.message).toBe('请求签名无效，请刷新页面后重试');
      const profile = await call<{ info: { truename: string | null } }>(
        t().app,
        'GET',
        'user/profile',
        {},
        { token: user.token },
      );
      expect(profile.result.info.truename).toBeNull();
    });

    it('refuses a missing sign and accepts ignore_sign=1', async () => {
      const missing = await call(
        t().app,
        'POST',
        'user/login',
        { phone_details: newPhone(), password: 'x-secret' },
        { unsigned: true },
      );
      expect(missing.status).toBe(400);
      expect(missing.message).toBe('请求签名无效，请刷新页面后重试');
      const ignored = await call(
        t().app,
        'POST',
        'user/login',
        { phone_details: newPhone(), password: 'x-secret', ignore_sign: 1 },
        { unsigned: true },
      );
      expect(ignored.result).toMatchObject({ errors: [{ code: 'loginFailed' }] });
    });

    it('signs the cleaned payload: blank values dropped and strings trimmed', async () => {
      const user = await registerUser(t().app);
      const reply = await call<{ info: { truename: string; contact: string | null } }>(
        t().app,
        'POST',
        'user/update_profile',
        { truename: '  李四  ', contact: '' },
        { token: user.token },
      );
      expect(reply.status).toBe(200);
      expect(reply.result.info).toMatchObject({ truename: '李四', contact: null });
    });
  });

  describe('passwords', () => {
    it('resets a forgotten password with a code and ends every session', async () => {
      const user = await registerUser(t().app);
      await ageCodes(t().ctx, user.phone, 61);
      expect(
        (await call(t().app, 'POST', 'user/sendVerifyCode', { phone: user.phone, scene: 'forget' }, { ip: '10.7.0.1' }))
          .status,
      ).toBe(200);
      const code = await latestCode(t().app, user.phone);
      const reset = await call(t().app, 'POST', 'user/doConfirm', { phone: user.phone, code, password: 'brand-new-1' });
      expect(reset.status).toBe(200);
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(305);
      expect(
        (await call(t().app, 'POST', 'user/login', { phone_details: user.phone, password: user.password })).status,
      ).toBe(400);
      expect(
        (await call(t().app, 'POST', 'user/login', { phone_details: user.phone, password: 'brand-new-1' })).status,
      ).toBe(200);
    });

    it('changes the password only with the right current one, and then ends every session', async () => {
      const user = await registerUser(t().app);
      const wrong = await call(
        t().app,
        'POST',
        'user/change_password',
        { old_password: 'wrong-one', password: 'another-1' },
        { token: user.token },
      );
      expect(wrong.result).toEqual({
        errors: [{ field: 'old_password', code: 'oldPasswordWrong', message: '当前密码不正确' }],
      });
      const same = await call(
        t().app,
        'POST',
        'user/change_password',
        { old_password: user.password, password: user.password },
        { token: user.token },
      );
      expect(same.status).toBe(400);
      const ok = await call(
        t().app,
        'POST',
        'user/change_password',
        { old_password: user.password, password: 'another-1' },
        { token: user.token },
      );
      expect(ok.status).toBe(200);
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(305);
      expect(
        (await call(t().app, 'POST', 'user/login', { phone_details: user.phone, password: 'another-1' })).status,
      ).toBe(200);
    });
  });

  describe('profile', () => {
    it('updates profile fields and validates each', async () => {
      const user = await registerUser(t().app);
      const ok = await call<{ info: Record<string, unknown> }>(
        t().app,
        'POST',
        'user/update_profile',
        {
          account: 'zhang',
          truename: '张三',
          email: 'zhang@example.com',
          contact: '张先生',
          contact_phone: '010-12345678',
        },
        { token: user.token },
      );
      expect(ok.status).toBe(200);
      expect(ok.result.info).toMatchObject({
        account: 'zhang',
        truename: '张三',
        email: 'zhang@example.com',
        contact_phone: '010-12345678',
      });

      const bad = await call(
        t().app,
        'POST',
        'user/update_profile',
        { email: 'not-an-email', contact_phone: '123', truename: '名'.repeat(31) },
        { token: user.token, locale: 'en-US' },
      );
      expect(bad.status).toBe(400);
      expect((bad.result as { errors: unknown[] }).errors).toEqual(
        expect.arrayContaining([
          { field: 'email', code: 'email', message: 'Invalid email' },
          { field: 'contact_phone', code: 'phone', message: 'Enter a correct mobile or landline number' },
          { field: 'truename', code: 'maxLength', message: 'Shorten the information to 30 characters' },
        ]),
      );
    });

    it('refuses an email another account uses, and checkMailRegistered tells whether one is taken', async () => {
      const a = await registerUser(t().app);
      const b = await registerUser(t().app);
      await call(t().app, 'POST', 'user/update_profile', { email: 'taken@example.com' }, { token: a.token });
      const clash = await call(
        t().app,
        'POST',
        'user/update_profile',
        { email: 'taken@example.com' },
        { token: b.token },
      );
      expect(clash.result).toEqual({
        errors: [{ field: 'email', code: 'emailTaken', message: '该邮箱已被其他账号使用' }],
      });
      expect((await call(t().app, 'GET', 'user/checkMailRegistered', { email: 'taken@example.com' })).result).toEqual({
        registered: true,
      });
      expect((await call(t().app, 'GET', 'user/checkMailRegistered', { email: 'free@example.com' })).result).toEqual({
        registered: false,
      });
    });
  });

  describe('transport', () => {
    it('reports health without auth', async () => {
      const reply = await call(t().app, 'GET', 'health', {}, { unsigned: true });
      expect(reply).toMatchObject({ status: 200, result: { db: 'ok' } });
    });

    it('answers an /api path that names no call with a real HTTP 404', async () => {
      const reply = await call(t().app, 'GET', 'user/nothing-here');
      expect(reply.http).toBe(404);
      expect(reply.status).toBe(404);
    });
  });
});

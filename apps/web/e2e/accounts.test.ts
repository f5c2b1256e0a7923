import { expect, it } from 'vitest';
import { describeE2E, latestCode, newPage, newPhone, useBrowser } from './browser.ts';
import { fieldErrors, logOutThroughMenu, signInThroughUi } from './session.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describeE2E('a new user, end to end', () => {
  const browser = useBrowser();

  it('signs up, signs in, edits the profile, switches language and logs out', async () => {
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const phone = newPhone();

    // Sign up: the form checks fields with the shared rules before calling the server.
    await page.goto('/signup');
    await page.click('button[type=submit]');
    await expect.poll(() => fieldErrors(page)).toContain('请填写');
    await page.fill('#phone', '12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => fieldErrors(page)).toContain('请输入正确的手机号码');
    await page.fill('#phone', phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.locator('button:has-text("秒")').count()).toBeGreaterThan(0);
    await page.fill('#code', await latestCode(phone));
    await page.fill('#password', 'secret123');
    await page.fill('#confirm', 'secret123');
    await page.click('button[type=submit]');
    await page.waitForURL('**/firstmeet');
    const cookie = (await context.cookies()).find((c) => c.name === 'mb_token');
    expect(cookie?.sameSite).toBe('Lax');

    // Log out from the avatar menu, then sign in again.
    await logOutThroughMenu(page, '退出登录');
    expect((await context.cookies()).some((c) => c.name === 'mb_token')).toBe(false);
    await page.fill('#phone_details', phone);
    await page.fill('#password', 'wrong-password');
    await page.click('button[type=submit]');
    await expect.poll(() => fieldErrors(page)).toContain('手机号或密码错误');
    await signInThroughUi(page, phone, 'secret123');

    // Edit the profile: a bad email is refused with the shared message, a good one saved.
    await page.goto('/account/individual');
    await page.fill('#truename', '张三');
    await page.fill('#email', 'not-an-email');
    await page.getByRole('button', { name: '保存修改' }).click();
    await expect.poll(() => fieldErrors(page)).toContain('邮箱格式不正确');
    await page.fill('#email', `${phone}@example.com`);
    await page.getByRole('button', { name: '保存修改' }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toBeTruthy();
    await page.reload();
    await expect.poll(() => page.inputValue('#truename')).toBe('张三');
    expect(await page.inputValue('#email')).toBe(`${phone}@example.com`);

    // Avatar: a real PNG is stored and shown.
    await page.setInputFiles('input[type=file]', { name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() =>
        page
          .locator('.ant-avatar img')
          .first()
          .getAttribute('src')
          .catch(() => null),
      )
      .toMatch(/\/api\/user\/avatar\/\d+/);

    // Switch to English: every visible string changes, antd included, and it is remembered.
    await page.click('.mb-locale-trigger');
    await page.click('button.mb-disclosure-item[lang="en-US"]');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expect.poll(() => page.getByRole('button', { name: 'Save changes' }).count()).toBe(1);
    expect(await page.title()).toMatch(/ - MathBridge$/);
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('mb_locale'))).toBe('en-US');
    await expect.poll(() => page.getByRole('button', { name: 'Save changes' }).count()).toBe(1);

    // And to Traditional Chinese.
    await page.click('.mb-locale-trigger');
    await page.click('button.mb-disclosure-item[lang="zh-HK"]');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');
    expect(await page.title()).toMatch(/ - 數橋$/);
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+/); // no raw i18n keys like account.profile.title

    // Log out (Traditional Chinese menu).
    await logOutThroughMenu(page, '登出');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password at /forget', async () => {
    const { context, page } = await newPage(browser());
    const phone = newPhone();
    await page.goto('/signup');
    await page.fill('#phone', phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.fill('#code', await latestCode(phone));
    await page.fill('#password', 'first-pass');
    await page.fill('#confirm', 'first-pass');
    await page.click('button[type=submit]');
    await page.waitForURL('**/firstmeet');
    await context.clearCookies();

    // One code per phone per 60 s: the first try is refused with the wait, shown to the user.
    await page.goto('/forget');
    await page.fill('#phone', phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page
      .getByText(/请\d+秒后再获取验证码/)
      .first()
      .waitFor();
    await page.waitForTimeout(61_000);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.fill('#code', await latestCode(phone, 1));
    await page.fill('#password', 'second-pass');
    await page.fill('#confirm', 'second-pass');
    await page.click('button[type=submit]');
    await page.waitForURL('**/signin**');
    await signInThroughUi(page, phone, 'second-pass');
    await context.close();
  }, 120_000);
});

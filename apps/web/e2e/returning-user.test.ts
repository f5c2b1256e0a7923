import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { certified, shoot, shotsDir, signInAdmin, submitOrgCertification } from './cooperation-api.ts';
import { registerByApi, signInThroughUi } from './session.ts';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The footer's account column: its links as [text, href]. */
async function footerAccountLinks(page: Page): Promise<[string, string][]> {
  const links = page.getByTestId('footer-account-links').locator('a');
  await links.first().waitFor();
  return links.evaluateAll((items) =>
    items.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? ''] as [string, string]),
  );
}

/** A browser context in `locale`, remembered as the chosen language. */
async function pageIn(browser: Parameters<typeof newPage>[0], locale: string) {
  const opened = await newPage(browser, locale);
  await opened.page.addInitScript((l) => window.localStorage.setItem('mb_locale', l), locale);
  return opened;
}

const LOCALES = {
  'zh-CN': {
    hello: '您好，',
    workspace: '工作台',
    account: '账户中心',
    masked: '用户****',
    cta: '在工作台管理您的需求、课题与合作。',
  },
  'zh-HK': {
    hello: '您好，',
    workspace: '工作台',
    account: '帳戶中心',
    masked: '用戶****',
    cta: '在工作台管理您的需求、課題與合作。',
  },
  'en-US': {
    hello: 'Hello, ',
    workspace: 'Workspace',
    account: 'My account',
    masked: 'User ****',
    cta: 'Manage your demands, subjects and cooperation in your workspace.',
  },
} as const;

describeE2E('a returning user signs in', () => {
  const browser = useBrowser();

  it('a certified owner lands in the workspace, greeted by the organisation and never by phone number, and the footer offers the workspace instead of sign up / sign in', async () => {
    const shots = shotsDir('returning-owner');
    const orgName = `回访企业${Date.now()}有限公司`;
    // Certified through the organisation's form: no real name of its own, the account is the phone.
    const owner = await certified(await signInAdmin(), 'Enterprise', orgName);
    for (const [locale, text] of Object.entries(LOCALES)) {
      const { context, page } = await pageIn(browser(), locale);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await signInThroughUi(page, owner.phone, owner.password);
      // The workspace opens its first section, the dashboard: not the checklist.
      await page.waitForURL('**/manage/dashboard');
      const greeting = page.locator('.mb-page-header h1');
      await poll(() => greeting.textContent()).toBe(`${text.hello}${orgName}`);
      expect(await page.locator('.mb-user-name').textContent()).toBe(orgName);
      expect(await page.locator('body').innerText()).not.toContain(owner.phone);
      await shoot(page, shots, `dashboard-${locale}`, false);

      // On the portal the footer's account column leads to the workspace and the account.
      await page.goto('/start');
      expect(await footerAccountLinks(page)).toEqual([
        [text.workspace, '/manage'],
        [text.account, '/account/individual'],
      ]);
      // The call to act above it offers no sign-up either.
      expect(await page.locator('.mb-cta-band p').textContent()).toBe(text.cta);
      await page.getByTestId('footer-account-links').scrollIntoViewIfNeeded();
      await shoot(page, shots, `footer-${locale}`, false);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it('where the user was going wins; before certification the checklist is where a sign-in lands', async () => {
    const owner = await certified(await signInAdmin(), 'Enterprise', `去向企业${Date.now()}`);
    const certifiedOwner = await newPage(browser());
    await certifiedOwner.page.goto('/signin?redirect=%2Fnews');
    await certifiedOwner.page.fill('#phone_details', owner.phone);
    await certifiedOwner.page.fill('#password', owner.password);
    await certifiedOwner.page.click('button[type=submit]');
    await certifiedOwner.page.waitForURL('**/news');
    await certifiedOwner.context.close();

    // No identity yet, and an identity under review: the checklist says what comes next.
    const fresh = await registerByApi();
    const pending = await registerByApi();
    await submitOrgCertification(pending, 'Enterprise', `审核中企业${Date.now()}`);
    for (const user of [fresh, pending]) {
      const { context, page } = await newPage(browser());
      await signInThroughUi(page, user.phone, user.password);
      await page.waitForURL('**/firstmeet');
      await page.goto('/start');
      expect(await footerAccountLinks(page)).toEqual([
        ['新手引导', '/firstmeet'],
        ['账户中心', '/account/individual'],
      ]);
      expect(await page.locator('.mb-cta-band p').textContent()).toBe('认证身份后即可开始合作。');
      await context.close();
    }
  }, 60_000);

  it('a user with neither a real name nor an organisation is named by a masked phone number; a visitor is offered sign up and sign in', async () => {
    const shots = shotsDir('masked-name');
    const user = await registerByApi();
    for (const [locale, text] of Object.entries(LOCALES)) {
      const { context, page } = await pageIn(browser(), locale);
      await signInThroughUi(page, user.phone, user.password);
      await page.goto('/start');
      await poll(() => page.locator('.mb-user-name').textContent()).toBe(`${text.masked}${user.phone.slice(-4)}`);
      expect(await page.locator('.mb-header').innerText()).not.toContain(user.phone);
      await shoot(page, shots, `header-${locale}`, false);
      await context.close();
    }
    const visitor = await newPage(browser());
    await visitor.page.goto('/start');
    expect(await footerAccountLinks(visitor.page)).toEqual([
      ['注册', '/signup'],
      ['登录', '/signin'],
      ['账户中心', '/account/individual'],
    ]);
    expect(await visitor.page.locator('.mb-cta-band p').textContent()).toBe('一分钟免费注册，认证身份后即可开始合作。');
    await visitor.context.close();
  }, 60_000);
});

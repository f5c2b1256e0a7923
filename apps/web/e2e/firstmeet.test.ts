import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseURL, describeE2E, latestCode, newPage, newPhone, useBrowser } from './browser.ts';
import { PNG, call, idNumber, signInAdmin } from './cooperation-api.ts';
import { fieldErrors } from './session.ts';

/** Lazy pages and their data can take a few seconds on a cold build. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const step = (page: Page, key: string) => page.locator(`.mb-onboarding-step[data-step="${key}"]`);
const stateOf = (page: Page, key: string) => step(page, key).getAttribute('data-state');

describeE2E('onboarding at /firstmeet, end to end', () => {
  const browser = useBrowser();

  it('a new user signs up, follows /firstmeet to a pending certification, and once approved is led to their first action', async () => {
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));

    // Sign up in the browser: a new account lands on /firstmeet.
    const phone = newPhone();
    await page.goto('/signup');
    await page.fill('#phone', phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.fill('#code', await latestCode(phone));
    await page.fill('#password', 'secret123');
    await page.fill('#confirm', 'secret123');
    await page.click('button[type=submit]');
    await page.waitForURL('**/firstmeet');

    // Nothing done yet: four steps, no identity, certification and first action wait for it.
    await poll(() => page.locator('.mb-onboarding-step').count()).toBe(4);
    expect(await page.locator('.mb-onboarding-progress').textContent()).toContain('已完成 0 / 4 步');
    expect(await stateOf(page, 'account')).toBe('current');
    expect(await stateOf(page, 'identity')).not.toBe('done');
    expect(await step(page, 'certification').textContent()).toContain('请先选择身份');
    expect(await step(page, 'first_action').textContent()).toContain('认证通过后可用');
    // Without manual pages for this user the built-in hints stand in (or the admins' pages show).
    await poll(() => page.locator('.mb-onboarding-manual .ant-collapse, [data-testid=manual-builtin]').count()).toBe(1);

    // The identity step's button leads to /certification; the specialist's form follows.
    await step(page, 'identity').getByRole('link', { name: '选择身份' }).click();
    await page.waitForURL('**/certification');
    await page.getByRole('button', { name: '认证为专家' }).click();
    await page.waitForURL('**/account/individual-authentication');
    await poll(() => page.locator('#truename').count()).toBe(1);

    // Fill in and submit the specialist's certification.
    await page.fill('#truename', '林晓');
    await page.fill('#idNumber', idNumber());
    await page.getByText('博士及以上', { exact: true }).click();
    await page.fill('#institution', '浙江大学');
    await page.fill('#position', '副教授');
    await page.fill('#employeeNumber', 'ZJU2024');
    await page.click('#research_fields');
    await page.keyboard.type('偏微分');
    await page.locator('.ant-select-item-option', { hasText: '35 偏微分方程' }).click();
    await page.keyboard.press('Escape');
    await page.setInputFiles('input[type=file]', { name: 'diploma.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => page.locator('.mb-cert-upload-item img').count()).toBe(1);
    await page.getByRole('button', { name: '提交审核' }).click();
    await poll(() => page.locator('.mb-cert-section .ant-alert-info').textContent()).toContain('正在审核中');
    expect(await fieldErrors(page)).toEqual([]);

    // Back on /firstmeet: identity chosen, certification under review with nothing to do.
    await page.goto('/firstmeet');
    await poll(() => step(page, 'certification').textContent()).toContain('审核中');
    // The certification form took the real name, so the account step is done too.
    expect(await stateOf(page, 'account')).toBe('done');
    expect(await stateOf(page, 'identity')).toBe('done');
    expect(await step(page, 'identity').textContent()).toContain('您的身份：专家');
    expect(await stateOf(page, 'certification')).toBe('current');
    expect(await step(page, 'certification').getByRole('link', { name: '查看我的申请' }).getAttribute('href')).toBe(
      '/account/individual-authentication',
    );
    expect(await step(page, 'first_action').textContent()).toContain('认证通过后可用');

    // An admin approves it through the API. The browser holds the user's one session: use its token.
    const token = (await context.cookies()).find((cookie) => cookie.name === 'mb_token')?.value ?? '';
    const auth = await call<{ certification: { id: number } | null }>(token, 'GET', 'user/authInfo');
    expect(auth.certification).not.toBeNull();
    const adminToken = await signInAdmin();
    await call(adminToken, 'POST', 'workflow/approveAuth', { id: auth.certification?.id, approve: 1 });
    // And writes a manual page for specialists, which the user's manual lists.
    const manualTitle = `专家须知 ${Date.now()}`;
    await call(adminToken, 'POST', 'content/manual/save', {
      audience: 'Specialist',
      title: manualTitle,
      body: '在**课题池**中申请加入课题，例如研究 $\\Delta u = f$ 的课题。',
      sort: 0,
    });

    // The user reloads: certification done, the first action is next and leads into the workspace.
    await page.reload();
    await poll(() => stateOf(page, 'certification')).toBe('done');
    expect(await step(page, 'certification').textContent()).toContain('已认证');
    expect(await stateOf(page, 'first_action')).toBe('current');
    const manualPage = page.locator('.mb-onboarding-manual .ant-collapse-item', { hasText: manualTitle });
    await poll(() => manualPage.count()).toBe(1);
    expect(await manualPage.textContent()).toContain('专家');
    const firstAction = step(page, 'first_action').getByRole('link', { name: '浏览课题' });
    expect(await firstAction.getAttribute('href')).toBe('/manage/subjectsPool/list');
    await firstAction.click();
    await page.waitForURL('**/manage/subjectsPool/list');
    await poll(() => page.locator('.mb-side-nav').count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('an admin at /firstmeet gets the workspace and the content manager instead of a checklist', async () => {
    const { context, page } = await newPage(browser());
    await context.addCookies([{ name: 'mb_token', value: await signInAdmin(), url: baseURL() }]);
    await page.goto('/firstmeet');
    await poll(() => page.getByTestId('onboarding-admin').count()).toBe(1);
    expect(await page.locator('.mb-onboarding-step').count()).toBe(0);
    await page.getByTestId('onboarding-admin').getByRole('link', { name: '内容管理' }).click();
    await page.waitForURL('**/manage/content/articles');
    await context.close();
  }, 60_000);

  it('/utilities/formula renders KaTeX loaded on demand and copies MathML; /xxribd shows a page an admin saved', async () => {
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    // The region lookup needs no KaTeX: none is fetched for it.
    await page.goto('/utilities/regions');
    await poll(() => page.locator('.mb-regions-table tbody tr').count()).toBeGreaterThan(0);
    await page.getByLabel('搜索地区').fill('4403');
    await poll(() => page.locator('.mb-regions-table tbody tr').count()).toBe(1);
    expect(await page.locator('.mb-regions-table tbody tr').textContent()).toContain('深圳');
    expect(scripts.some((url) => /katex/i.test(url))).toBe(false);
    // The tools stay light (DESIGN §8): antd's ui-base and ui-data chunks are for the workspace.
    const uiChunk = (url: string) => /\/ui-(base|data)-/.test(url);
    expect(scripts.filter(uiChunk)).toEqual([]);

    // /utilities opens the formula editor, which then loads KaTeX and renders the sample formula.
    await page.goto('/utilities');
    await page.waitForURL('**/utilities/formula');
    await poll(() => page.locator('[data-testid=formula-preview] .katex').count()).toBe(1);
    expect(scripts.some((url) => /katex/i.test(url))).toBe(true);
    expect(scripts.filter(uiChunk)).toEqual([]);

    // A formula of one's own; bad LaTeX shows KaTeX's error, the fix clears it.
    const source = page.locator('#mb-formula-source');
    await source.fill('\\frac{a}{b');
    await poll(() => page.getByTestId('formula-error').count()).toBe(1);
    expect(await page.getByTestId('formula-error').textContent()).toContain('KaTeX parse error');
    await source.fill('E = mc^2 + \\sum_{i=1}^{n} x_i');
    await poll(() => page.getByTestId('formula-error').count()).toBe(0);
    await poll(() => page.locator('[data-testid=formula-preview] .katex-display').count()).toBe(1);

    // The insert buttons put LaTeX in at the cursor.
    await source.fill('');
    await page.locator('.mb-formula-toolbar button').first().click();
    expect(await source.inputValue()).toBe('\\frac{a}{b}');

    // Copy as MathML: the clipboard holds a <math> element, and the page says so.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: '复制为 MathML' }).click();
    await poll(() => page.locator('.ant-message').textContent()).toContain('MathML 已复制到剪贴板');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"[\s\S]*<mfrac>[\s\S]*<\/math>$/);

    // The MSC browser finds a section by its code.
    await page.getByRole('link', { name: 'MSC 2020 分类' }).click();
    await page.waitForURL('**/utilities/msc');
    await page.getByLabel('搜索大类和分支').fill('65N');
    await poll(() => page.locator('.mb-msc-node[data-code="65N"]').count()).toBe(1);
    expect(await page.locator('.mb-msc-node[data-code="65N"]').textContent()).toContain('boundary value problems');
    // Its class opened by itself; the keyboard closes it (a disclosure button, aria-expanded).
    const toggle65 = page.locator('.mb-msc-node[data-code="65"] button');
    expect(await toggle65.getAttribute('aria-expanded')).toBe('true');
    await toggle65.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.locator('.mb-msc-node[data-code="65N"]').count()).toBe(0);
    expect(await toggle65.getAttribute('aria-expanded')).toBe('false');
    // Opened afresh, it too loads none of antd's ui-base or ui-data.
    scripts.length = 0;
    await page.reload();
    await poll(() => page.locator('.mb-msc-toggle').count()).toBe(63);
    expect(scripts.filter(uiChunk)).toEqual([]);

    // An admin writes the research page of the micro-site; a visitor reads it at /xxribd/research.
    const title = `研究方向 ${Date.now()}`;
    await call(await signInAdmin(), 'POST', 'content/site/save', {
      slug: 'research',
      title,
      body: '我们研究**最优传输**：$W_2(\\mu,\\nu)$ 与偏微分方程。',
    });
    await page.goto('/xxribd/research');
    await poll(() => page.locator('.mb-site-article h1').textContent()).toBe(title);
    await poll(() => page.locator('.mb-site-article .mb-markdown strong').textContent()).toBe('最优传输');
    expect(await page.locator('.mb-site-article .mb-markdown .katex').count()).toBe(1);
    expect(await page.locator('.mb-site-nav [aria-current=page]').textContent()).toBe('研究');
    await page.locator('.mb-site-nav').getByRole('link', { name: '首页' }).click();
    await page.waitForURL('**/xxribd/home');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

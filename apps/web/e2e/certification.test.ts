import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { creditCodeCheckChar, USCC_ALPHABET } from '@mathbridge/contracts/uscc';
import { MANAGE_SECTIONS, canOpenSection } from '@mathbridge/contracts/routes';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { fieldErrors, registerByApi, signInThroughUi } from './session.ts';

/** A 1×1 PNG: a real image by its content, as the server checks. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A unified social credit code with a correct GB 32100 check character, unique per call. */
function creditCode(): string {
  let first17 = '91310115';
  for (let i = 0; i < 9; i += 1) first17 += USCC_ALPHABET[Math.floor(Math.random() * USCC_ALPHABET.length)];
  return first17 + creditCodeCheckChar(first17);
}

/** Waits for a value (lazy pages and their data can take a few seconds on a cold build). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The workspace side menu's sections, in order (hrefs /manage/{key}). */
async function menuSections(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('.mb-side-nav a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/manage\//, ''));
}

describeE2E('identity certification, end to end', () => {
  const browser = useBrowser();

  it('a new user certifies as an enterprise, an admin approves it from the to-do list, and the user gets the enterprise workspace', async () => {
    const user = await registerByApi();
    const enterprise = `数桥测试科技有限公司${user.phone.slice(-4)}`;
    const errors: string[] = [];

    // The user chooses the enterprise identity on /certification.
    const mine = await newPage(browser());
    mine.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(mine.page, user.phone, user.password);
    await mine.page.goto('/certification');
    await mine.page.getByRole('button', { name: '认证为企业' }).click();
    await mine.page.waitForURL('**/account/institute-authentication');
    await poll(() => mine.page.locator('#name').count()).toBe(1);

    // Submitting the empty form shows the shared rules' messages on the fields, before any call.
    await mine.page.getByRole('button', { name: '提交审核' }).click();
    await poll(() => fieldErrors(mine.page)).toContain('请填写');
    expect(await fieldErrors(mine.page)).toContain('请选择所在省市');
    expect(await fieldErrors(mine.page)).toContain('请上传图片');
    const good = creditCode();
    const wrongCheck = USCC_ALPHABET[(USCC_ALPHABET.indexOf(good.slice(-1)) + 1) % USCC_ALPHABET.length] ?? '0';
    await mine.page.fill('#credit_code', good.slice(0, 17) + wrongCheck);
    await mine.page.locator('#credit_code').blur();
    await poll(() => fieldErrors(mine.page)).toContain('请输入正确的统一社会信用代码（18位）');

    // Fill the form: province → city picker, industry, licence image, landline contact phone.
    await mine.page.fill('#name', enterprise);
    await mine.page.fill('#credit_code', good);
    await mine.page.click('#area');
    await mine.page.locator('.ant-cascader-menu-item', { hasText: '广东' }).click();
    await mine.page.locator('.ant-cascader-menu-item', { hasText: '深圳' }).click();
    await mine.page.fill('#address', '南山区科技园 1 号');
    await mine.page.fill('#website', 'www.example.com');
    await mine.page.click('#industry');
    await mine.page.locator('.ant-select-item-option', { hasText: '制造业' }).click();
    await mine.page.fill('#business_scope', '工业软件研发与销售');
    await mine.page.fill('#application_description', '生产排程优化与需求预测');
    await mine.page.setInputFiles('input[type=file]', { name: 'licence.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => mine.page.locator('.mb-cert-upload-item img').count()).toBe(1);
    await mine.page.fill('#contact', '李经理');
    await mine.page.fill('#contact_phone', '0755-12345678');
    await mine.page.getByRole('button', { name: '提交审核' }).click();

    // Under review: the badge says so and the workspace stays closed.
    await poll(() => mine.page.locator('.mb-cert-section .ant-alert-info').textContent()).toContain('正在审核中');
    await poll(() => mine.page.locator('.mb-user-trigger .ant-tag').textContent()).toBe('审核中');
    expect(await mine.page.locator('.mb-disabled-action').count()).toBe(1);
    expect(await mine.page.getByRole('button', { name: '撤回申请' }).count()).toBe(1);

    // The admin approves it from /manage/todoList, after looking at the request and its licence.
    const admin = await newPage(browser());
    admin.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(admin.page, inject('adminPhone'), inject('adminPassword'));
    await poll(() => admin.page.locator('.mb-todo-bell').count()).toBe(1);
    await admin.page.goto('/manage/todoList');
    const row = admin.page.locator('.ant-table-row', { hasText: enterprise });
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = admin.page.locator('.ant-drawer-content-wrapper');
    await poll(() => drawer.locator('.ant-descriptions').first().textContent()).toContain(enterprise);
    // The licence is private: fetched with the session and shown from a blob: URL.
    await poll(() => drawer.locator('img.mb-cert-image').first().getAttribute('src')).toMatch(/^blob:/);
    expect(await drawer.textContent()).toContain('广东 · 深圳');
    expect(await drawer.textContent()).toContain('制造业');
    await drawer.getByRole('button', { name: /^通\s*过$/ }).click();
    await admin.page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await poll(() => admin.page.locator('.ant-message').textContent()).toContain('已通过');
    await poll(() => drawer.isVisible()).toBe(false);
    await poll(() => admin.page.locator('.ant-table-row', { hasText: enterprise }).count()).toBe(0);

    // The user's page notices the decision: verified badge, workspace button enabled.
    await mine.page.reload();
    await poll(() => mine.page.locator('.mb-user-trigger .ant-tag').textContent()).toBe('已认证');
    expect(await mine.page.locator('.mb-disabled-action').count()).toBe(0);
    await mine.page.locator('.mb-header-actions').getByRole('button', { name: '工作台' }).click();
    await mine.page.waitForURL('**/manage/dashboard');

    // The enterprise menu, and only it: spec §6's sections for the Enterprise role.
    const expected = MANAGE_SECTIONS.filter(
      (section) => section.menu && canOpenSection(['Enterprise'], section.key),
    ).map((section) => section.key);
    await poll(() => menuSections(mine.page)).toEqual(expected);
    expect(expected).toEqual(['dashboard', 'todoList', 'demands', 'willManageE', 'demandManage', 'employment']);
    await poll(() => mine.page.locator('.mb-dash-stat-value').first().textContent()).toContain('企业');
    expect(await mine.page.locator('.mb-dash-stat-value').first().textContent()).toContain('已认证');

    // A section of another role is a 404 for this user.
    await mine.page.goto('/manage/subjectManage');
    await mine.page.waitForURL('**/404**');

    expect(errors).toEqual([]);
    await mine.context.close();
    await admin.context.close();
  }, 120_000);
});

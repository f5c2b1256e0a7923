import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { baseURL, describeE2E, latestCode, newPage, newPhone, useBrowser } from './browser.ts';
import {
  call,
  certified,
  chooseSelect,
  shoot as shootTo,
  shotsDir,
  submitOrgCertification,
  PDF,
  pickDatePreset,
  signInAdmin,
} from './cooperation-api.ts';
import { registerByApi, signInThroughUi } from './session.ts';

/**
 * The defects a new user meets in their first hour (issue 15, points 5–13), each walked in a real
 * browser: what the person sees, and that nothing breaks in the console on the way.
 */

const SHOTS = shotsDir('first-hour');
const LOCALES = ['zh-CN', 'zh-HK', 'en-US'] as const;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Page, name: string, fullPage = true) => shootTo(page, SHOTS, name, fullPage);

/** A small CSV: the server checks that text files are text. */
const CSV = Buffer.from('month,revenue\n2025-01,100\n2025-02,120\n');
async function setLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: LOCALE_STORAGE_KEY, value: locale });
  await page.reload();
}

/** Page errors and console errors of a page, collected for a final "none". */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** The toasts on screen now, by type. */
interface Toast {
  type: 'success' | 'error' | 'other';
  text: string;
}

/**
 * Records every toast the page shows from now on, on screen or already gone: antd's notices live
 * 3 s, which a loaded CI machine can spend between two polls (one run saw none). Answers a reader
 * of what was shown so far; the page's own navigations keep the recorder (one document).
 */
async function recordToasts(page: Page): Promise<() => Promise<Toast[]>> {
  await page.evaluate(() => {
    const shown: Element[] = [];
    (window as unknown as { mbToasts: Element[] }).mbToasts = shown;
    new MutationObserver((records) => {
      for (const added of records.flatMap((record) => Array.from(record.addedNodes))) {
        if (!(added instanceof Element)) continue;
        for (const notice of [added, ...Array.from(added.querySelectorAll('.ant-message-notice'))])
          if (notice.matches('.ant-message-notice') && !shown.includes(notice)) shown.push(notice);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { mbToasts: Element[] }).mbToasts.map((node): Toast => ({
        type: node.matches('.ant-message-notice-success, :has(.ant-message-success)')
          ? 'success'
          : node.matches('.ant-message-notice-error, :has(.ant-message-error)')
            ? 'error'
            : 'other',
        text: node.textContent ?? '',
      })),
    );
}

/** Whether an element takes up any room on screen (a hidden native input must not). */
const occupiesSpace = async (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .boundingBox()
    .then((box) => box !== null && box.width > 0 && box.height > 0);

describeE2E('the first hour: defects a new user meets', () => {
  const browser = useBrowser();

  it('5, 9: the file manager shows no raw file input, and a rename that types the extension keeps one', async () => {
    const user = await registerByApi();
    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    await signInThroughUi(page, user.phone, user.password);
    await page.goto('/account/files');
    await poll(() => page.locator('[data-testid=file-upload-input]').count()).toBe(1);
    expect(await occupiesSpace(page, 'input[type=file]')).toBe(false);

    await page.setInputFiles('[data-testid=file-upload-input]', [
      { name: 'sales.csv', mimeType: 'text/csv', buffer: CSV },
    ]);
    const row = (name: string) =>
      page.locator('.mb-file-table tbody tr', { has: page.getByText(name, { exact: true }) });
    /** Opens the rename dialog of `name`, types `typed` and saves with Enter. */
    const rename = async (name: string, typed: string) => {
      await page.getByRole('button', { name: `重命名 ${name}` }).click();
      await poll(() => page.locator('#mb-file-name').isVisible()).toBe(true);
      await poll(() => page.inputValue('#mb-file-name')).toBe(name.replace(/\.[^.]+$/, ''));
      await page.fill('#mb-file-name', typed);
      await page.press('#mb-file-name', 'Enter');
    };
    await poll(() => row('sales.csv').count()).toBe(1);

    // The user types the whole name, extension included: it is kept, not doubled.
    await rename('sales.csv', 'sales-2025.csv');
    await poll(() => row('sales-2025.csv').count()).toBe(1);
    expect(await row('sales-2025.csv.csv').count()).toBe(0);

    // Without an extension the file keeps its own; another type's extension is refused on the field.
    await rename('sales-2025.csv', 'revenue');
    await poll(() => row('revenue.csv').count()).toBe(1);
    await rename('revenue.csv', 'revenue.pdf');
    await poll(() => page.locator('.ant-modal .ant-form-item-explain-error').textContent()).toContain('.csv');

    for (const locale of LOCALES) {
      await setLocale(page, locale);
      await poll(() => row('revenue.csv').count()).toBe(1);
      await page.getByRole('button', { name: /^(重命名|重新命名|Rename) revenue\.csv$/ }).click();
      await page.fill('#mb-file-name', 'revenue-2025.csv');
      await shoot(page, `rename-${locale}`, false);
      await page.keyboard.press('Escape');
      expect(await occupiesSpace(page, 'input[type=file]')).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('5, 6: a new demand takes an attachment in one pass, with no raw file input on the form', async () => {
    const admin = await signInAdmin();
    const enterprise = await certified(admin, 'Enterprise', `附件测试科技有限公司${String(Date.now()).slice(-4)}`);
    // A draft saved earlier (through the API, before the browser's sign-in ends that session).
    const draft = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
      title: '排产优化',
      industry: 'C',
      summary: '离散制造排产',
      problem: '多目标排产',
      expected_outcome: '调度算法与报告',
      budget_min: 100000,
      budget_max: 300000,
      deadline: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      province_code: '3300',
      city_code: '3301',
      msc_fields: ['90'],
      contact: '王经理',
      contact_phone: '13900001111',
    });
    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    await signInThroughUi(page, enterprise.phone, enterprise.password);

    // Editing the draft: the upload button, never the browser's own "Choose Files" beside it.
    await page.goto(`/manage/demandManage/demandForm/${draft.demand.id}`);
    await poll(() => page.locator('[data-testid=attachment-input]').count()).toBe(1);
    const box = await page.locator('[data-testid=attachment-input]').boundingBox();
    console.info(`native file input on the draft's form: ${JSON.stringify(box)}`);
    expect(await occupiesSpace(page, 'input[type=file]')).toBe(false);
    await page.goto('/manage/demandManage/demandForm/new');
    await poll(() => page.locator('#title').count()).toBe(1);
    // The styled button is the only upload control on screen; no "save the draft first".
    await poll(() => page.locator('[data-testid=attachment-input]').count()).toBe(1);
    expect(await occupiesSpace(page, 'input[type=file]')).toBe(false);
    expect(await page.getByText('请先保存草稿').count()).toBe(0);

    await page.fill('#title', '库存优化');
    await chooseSelect(page, 'industry', '制造业');
    await chooseSelect(page, 'msc_fields', '运筹学');
    await page.keyboard.press('Escape');
    await page.fill('#summary', '多仓库存与补货');
    await page.fill('#problem', '## 问题\n补货策略');
    await page.fill('#expected_outcome', '补货算法与报告');
    await page.fill('#budget_min', '100000');
    await page.fill('#budget_max', '200000');
    await pickDatePreset(page, 'deadline', '六个月后');
    await page.click('#area');
    await page.locator('.ant-cascader-menu-item', { hasText: '浙江' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '杭州' }).click();
    await page.fill('#contact', '王经理');
    await page.fill('#contact_phone', '13900001111');

    const formUrl = page.url();
    await page.setInputFiles('[data-testid=attachment-input]', [
      { name: '数据说明.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await poll(() => page.locator('.mb-item-list-row', { hasText: '数据说明.pdf' }).count()).toBe(1);
    expect(page.url()).toBe(formUrl);
    await shoot(page, 'demand-form-attached-zh-CN');
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.waitForURL('**/manage/demandManage/submitted/1?id=*');
    const demandId = Number(new URL(page.url()).searchParams.get('id'));
    await page.goto(`/manage/demandManage/detail/${demandId}`);
    await poll(() => page.getByText('数据说明.pdf').count()).toBeGreaterThan(0);

    // The form in each locale: the upload button, no native control, no "save first" notice.
    for (const locale of LOCALES) {
      await setLocale(page, locale);
      await page.goto('/manage/demandManage/demandForm/new');
      await poll(() => page.locator('[data-testid=attachment-input]').count()).toBe(1);
      expect(await occupiesSpace(page, 'input[type=file]')).toBe(false);
      await shoot(page, `demand-form-${locale}`);
      await page.goto(`/manage/demandManage/detail/${demandId}`);
      await poll(() => page.getByText('数据说明.pdf').count()).toBeGreaterThan(0);
      await shoot(page, `demand-detail-${locale}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('6: files added to a new demand that was left unsaved are listed again on the next new demand, with a notice', async () => {
    const admin = await signInAdmin();
    const enterprise = await certified(admin, 'Enterprise', `附件恢复科技有限公司${String(Date.now()).slice(-4)}`);
    const listed = (page: Page) =>
      page.locator('.mb-item-list-row').evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));

    // A form left without saving: its file waits in the author's tray.
    const first = await newPage(browser());
    await signInThroughUi(first.page, enterprise.phone, enterprise.password);
    await first.page.goto('/manage/demandManage/demandForm/new');
    await first.page.setInputFiles('[data-testid=attachment-input]', [
      { name: '数据说明.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await poll(() => listed(first.page)).toEqual([expect.stringContaining('数据说明.pdf')]);
    await first.context.close();

    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    await signInThroughUi(page, enterprise.phone, enterprise.password);
    for (const locale of LOCALES) {
      await setLocale(page, locale);
      await page.goto('/manage/demandManage/demandForm/new');
      await poll(() => listed(page)).toEqual([expect.stringContaining('数据说明.pdf')]);
      await poll(() => page.locator('#attachments .ant-alert-info').count()).toBe(1);
      await page.locator('#attachments').scrollIntoViewIfNeeded();
      await shoot(page, `demand-form-restored-${locale}`, false);
    }
    // A second file with the same name sits beside it under a name of its own; removing one keeps the other.
    await page.setInputFiles('[data-testid=attachment-input]', [
      { name: '数据说明.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await poll(() => listed(page)).toEqual([
      expect.stringContaining('数据说明.pdf'),
      expect.stringContaining('数据说明 (1).pdf'),
    ]);
    await page.getByRole('button', { name: /数据说明\.pdf$/ }).click();
    await poll(() => listed(page)).toEqual([expect.stringContaining('数据说明 (1).pdf')]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('7, 10: an invitee goes header → sign in → sign up and comes back to the invitation, which masks the inviter’s mobile', async () => {
    const admin = await signInAdmin();
    const owner = await certified(admin, 'Enterprise', `邀请测试科技有限公司${String(Date.now()).slice(-4)}`);
    const invitation = await call<{ id: string; url: string }>(owner.token, 'POST', 'sys/invite', {});
    const masked = `${owner.phone.slice(0, 3)}****${owner.phone.slice(7)}`;

    // The API never sends the whole number to the link's readers.
    const raw = await fetch(`${baseURL()}/api/sys/invitationInfo?id=${invitation.id}&ignore_sign=1`).then((r) =>
      r.text(),
    );
    expect(raw).not.toContain(owner.phone);

    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    await page.goto(invitation.url);
    await poll(() => page.getByText(masked, { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(owner.phone);

    // Header → sign in → "sign up": the redirect travels along.
    await page.locator('.mb-header-actions').getByRole('button', { name: '注册 / 登录' }).click();
    await page.waitForURL('**/signin?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(invitation.url);
    await page.locator('.mb-auth-footer').getByRole('link', { name: '立即注册' }).click();
    await page.waitForURL('**/signup?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(invitation.url);
    // …and back and forth between the auth screens.
    await page.locator('.mb-auth-footer').getByRole('link').first().click();
    await page.waitForURL('**/signin?redirect=*');
    expect(await page.locator('.mb-auth-footer').getByRole('link', { name: '忘记密码' }).getAttribute('href')).toBe(
      `/forget?redirect=${encodeURIComponent(invitation.url)}`,
    );
    await page.locator('.mb-auth-footer').getByRole('link', { name: '立即注册' }).click();
    await page.waitForURL('**/signup?redirect=*');

    const phone = newPhone();
    await page.fill('#phone', phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.fill('#code', await latestCode(phone));
    await page.fill('#password', 'secret-e2e-1');
    await page.fill('#confirm', 'secret-e2e-1');
    await page.click('button[type=submit]');
    await page.waitForURL(`**${invitation.url}`);
    await poll(() => page.getByText(masked, { exact: false }).count()).toBeGreaterThan(0);

    for (const locale of LOCALES) {
      await setLocale(page, locale);
      await page.goto(invitation.url);
      await poll(() => page.getByText(masked, { exact: false }).count()).toBeGreaterThan(0);
      await shoot(page, `invitation-${locale}`);
    }
    expect(errors).toEqual([]);
    await context.close();

    // Signed out, in each locale: the auth screens keep the redirect on their links.
    for (const locale of LOCALES) {
      const fresh = await newPage(browser(), locale);
      await fresh.page.goto(`/signin?redirect=${encodeURIComponent(invitation.url)}`);
      await setLocale(fresh.page, locale);
      await poll(() => fresh.page.locator('.mb-auth-footer a').count()).toBe(2);
      const hrefs = await fresh.page
        .locator('.mb-auth-footer a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual([
        `/signup?redirect=${encodeURIComponent(invitation.url)}`,
        `/forget?redirect=${encodeURIComponent(invitation.url)}`,
      ]);
      await shoot(fresh.page, `signin-${locale}`, false);
      // A redirect to another site is never handed on.
      await fresh.page.goto(`/signin?redirect=${encodeURIComponent('//evil.example/x')}`);
      await poll(() => fresh.page.locator('.mb-auth-footer a').first().getAttribute('href')).toBe('/signup');
      await fresh.context.close();
    }
  }, 120_000);

  it('8: after a password change exactly one message is on screen, the success, and no error toast', async () => {
    const user = await registerByApi();
    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/')) return;
      void response
        .json()
        .then((body: { status?: number }) => {
          if (body.status === 305) refused.push(new URL(response.url()).pathname);
        })
        .catch(() => undefined);
    });
    await signInThroughUi(page, user.phone, user.password);
    await page.goto('/account/individual');
    await poll(() => page.locator('#old_password').count()).toBe(1);
    // The sign-in notice has gone, so whatever shows next comes from the change.
    await poll(() => page.locator('.ant-message-notice').count()).toBe(0);
    await page.fill('#old_password', user.password);
    await page.fill('#password', 'secret-e2e-2');
    await page.fill('#confirm', 'secret-e2e-2');
    const shown = await recordToasts(page);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL('**/signin**');
    const changed: Toast = { type: 'success', text: '密码已修改，所有登录均已失效，请重新登录' };
    await poll(shown).toEqual([changed]);
    // Late calls of the page left behind would show their notice within a moment: none was shown.
    await page.waitForTimeout(1_500);
    expect(await shown()).toEqual([changed]);
    await shoot(page, 'password-changed-zh-CN', false);
    console.info(`305 answers after the change: ${JSON.stringify(refused)}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('12: every menu label names the page it opens, in each locale; /members is linked', async () => {
    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    await signInThroughUi(page, inject('adminPhone'), inject('adminPassword'));
    const mismatches: string[] = [];
    /** Clicks each link of `menu`, then reads the page's title and main heading. */
    const walk = async (where: string, links: () => Promise<{ text: string; href: string }[]>, locale: string) => {
      for (const link of await links()) {
        // A signed-in user is sent on from the auth screens; they have no page of their own to name.
        if (link.href === '/signin' || link.href === '/signup') continue;
        await page.goto(link.href);
        await page.waitForLoadState('networkidle');
        const title = (await page.title()).split(' - ')[0]?.trim() ?? '';
        const heading = (
          (await page
            .locator('h1')
            .first()
            .textContent({ timeout: 5_000 })
            .catch(() => '')) ?? ''
        ).trim();
        if (link.text !== title && link.text !== heading)
          mismatches.push(`${locale} ${where} ${link.href}: menu "${link.text}", title "${title}", h1 "${heading}"`);
      }
    };
    const linksIn = (selector: string) => () =>
      page
        .locator(selector)
        .evaluateAll((anchors) =>
          anchors.map((a) => ({ text: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })),
        );
    for (const locale of LOCALES) {
      await setLocale(page, locale);
      await page.goto('/start');
      await poll(() => page.locator('.mb-footer a[href="/members"]').count()).toBe(1);
      // The identities sub-menu renders its links once opened.
      await page.locator('.mb-header-menu .mb-disclosure-trigger').click();
      await poll(() => page.locator('.mb-header-menu a[href="/certification"]').count()).toBe(1);
      await walk('header', linksIn('.mb-header-menu a[href^="/"]'), locale);
      await page.goto('/start');
      await walk('footer', linksIn('.mb-footer a[href^="/"]'), locale);
      await page.goto('/account/individual');
      await walk('account', linksIn('.mb-side-nav a[href^="/account"]'), locale);
      await page.goto('/manage/dashboard');
      await walk('workspace', linksIn('.mb-side-nav a[href^="/manage"]'), locale);
    }
    console.info(`menu labels that differ from their page:\n${mismatches.join('\n')}`);
    // Fixed here: the identity-certification tab (was 成果认证), the members link, "About" (en).
    expect(mismatches.filter((line) => / \/(certification|members|aboutUs): /.test(line))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('11: a wish description written in Markdown with a formula is rendered, as a demand’s is', async () => {
    const admin = await signInAdmin();
    const enterprise = await certified(admin, 'Enterprise', `意愿渲染科技有限公司${String(Date.now()).slice(-4)}`);
    const wish = await call<{ id: number }>(enterprise.token, 'POST', 'cooperateWish/create', {
      title: '需求预测合作',
      msc_fields: ['62'],
      description:
        '## 背景\n希望与院所合作，**重点**是季节性：$y_t = \\alpha y_{t-1} + \\varepsilon_t$\n\n- 数据：三年销量\n- 周期：六个月',
      partner_type: 'any',
      duration: 'longTerm',
      contact: '王经理',
      contact_phone: '13900002222',
    });
    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    await signInThroughUi(page, enterprise.phone, enterprise.password);
    for (const locale of LOCALES) {
      await setLocale(page, locale);
      await page.goto(`/manage/willManageE/detail/${wish.id}`);
      const text = page.locator('.mb-markdown').first();
      await poll(() => text.locator('strong').textContent()).toBe('重点');
      expect(await text.locator('.katex').count()).toBeGreaterThan(0);
      expect(await text.locator('li').count()).toBe(2);
      expect(await text.textContent()).not.toContain('**');
      await shoot(page, `wish-detail-${locale}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('13: rejecting a certification with an empty reason asks for one, and nothing is thrown', async () => {
    const applicant = await registerByApi();
    const orgName = `待驳回科技有限公司${String(Date.now()).slice(-4)}`;
    await submitOrgCertification(applicant, 'Enterprise', orgName);

    const { context, page } = await newPage(browser());
    const errors = watchErrors(page);
    await signInThroughUi(page, inject('adminPhone'), inject('adminPassword'));
    await page.goto('/manage/todoList');
    const row = page.locator('.ant-table-row', { hasText: orgName });
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await poll(() => drawer.getByRole('button', { name: /^驳\s?回$/ }).count()).toBe(1);
    await drawer.getByRole('button', { name: /^驳\s?回$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: orgName });
    await dialog.getByRole('button', { name: /^驳\s?回$/ }).click();
    await poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBe(1);
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
    await shoot(page, 'reject-empty-zh-CN', false);

    // With a reason it goes through.
    await dialog.locator('textarea').fill('营业执照不清晰');
    await dialog.getByRole('button', { name: /^驳\s?回$/ }).click();
    await poll(() => page.locator('.ant-message').textContent()).toContain('已驳回');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

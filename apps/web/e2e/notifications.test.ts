import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { NOTIFICATION_POLL_MS } from '@mathbridge/contracts/constants';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { call, certified, demandBody, horizontalOverflow, shoot, shotsDir, signInAdmin } from './cooperation-api.ts';
import { confirmDialog } from './dialogs.ts';
import { signInThroughUi } from './session.ts';

// Screenshots go to NOTIFY_SHOTS_DIR when set (e.g. /tmp/shots13-notify), else a fresh temporary folder.
const SHOTS = process.env.NOTIFY_SHOTS_DIR ?? shotsDir('notifications');
mkdirSync(SHOTS, { recursive: true });
// Long enough for one poll of the bell and the request behind it.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: NOTIFICATION_POLL_MS + 15_000 });

const bell = (page: Page) => page.locator('button.mb-notification-bell');
const popover = (page: Page) => page.locator('.mb-notification-popover:not(.ant-popover-hidden)');
/** The status filter's name in each locale (antd alone would call it "segmented control", in English). */
const STATUS_FILTER = { 'zh-CN': '按状态筛选', 'zh-HK': '按狀態篩選', 'en-US': 'Filter by status' } as const;
/** The page's segmented status filter is named in the reader's language, and nothing keeps antd's name. */
async function expectNamedStatusFilter(page: Page, locale: keyof typeof STATUS_FILTER): Promise<void> {
  await page.getByRole('radiogroup', { name: STATUS_FILTER[locale], exact: true }).waitFor();
  expect(await page.locator('[aria-label="segmented control"]').count()).toBe(0);
}

describeE2E('notifications: the bell and the notifications page', () => {
  const browser = useBrowser();

  it('an enterprise’s demand is approved: the bell counts it without a reload, the popover opens it, the page marks all read', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    // Certified through the API: its first notification ('certification approved') is already there.
    const enterprise = await certified(adminToken, 'Enterprise', `通知测试科技有限公司${suffix}`);
    const errors: string[] = [];

    // Two demands submitted for review through the API, before the browser's sign-in ends that session.
    const title = `通知需求${suffix}`;
    const saved = await call<{ demand: { id: number } }>(
      enterprise.token,
      'POST',
      'demand/save',
      demandBody(title, { commit: 1 }),
    );
    const second = await call<{ demand: { id: number } }>(
      enterprise.token,
      'POST',
      'demand/save',
      demandBody(`第二个需求${suffix}`, { commit: 1 }),
    );

    const ent = await newPage(browser());
    ent.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    await ent.page.goto('/start');
    await poll(() => bell(ent.page).getAttribute('aria-label')).toMatch(/^通知，1 条未读/);

    // The admin approves the first (API): the bell goes to 2 on its next poll, without a reload.
    await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
    await poll(() => bell(ent.page).getAttribute('aria-label')).toMatch(/^通知，2 条未读/);
    expect(await ent.page.locator('.mb-notification-bell').count()).toBe(1);

    // The popover lists it first; a click marks it read and opens the demand.
    await bell(ent.page).click();
    const item = popover(ent.page).locator('.mb-notification-item', { hasText: title });
    await poll(() => item.count()).toBe(1);
    await poll(() => popover(ent.page).locator('.mb-notification-popover-todos').count()).toBe(1);
    expect(await item.textContent()).toContain(`您的需求“${title}”已通过审核并发布`);
    await item.click();
    await ent.page.waitForURL(`**/manage/demandManage/detail/${saved.demand.id}`);
    await poll(() => bell(ent.page).getAttribute('aria-label')).toMatch(/^通知，1 条未读/);

    // The page lists both; 'mark all read' (confirmed) empties the unread tab.
    await ent.page.goto('/account/notifications');
    const rows = ent.page.locator('.mb-notification-card .mb-notification-row');
    await poll(() => rows.count()).toBe(2);
    await expectNamedStatusFilter(ent.page, 'zh-CN');
    expect(await rows.first().textContent()).toContain(title);
    await ent.page.goto('/account/notifications?status=unread');
    await poll(() => rows.count()).toBe(1);
    await ent.page.getByRole('button', { name: '全部标为已读' }).click();
    await confirmDialog(ent.page);
    await poll(() => rows.count()).toBe(0);
    await poll(() => ent.page.locator('.mb-notification-card .ant-empty').textContent()).toContain('没有未读通知');
    await poll(() => bell(ent.page).getAttribute('aria-label')).toMatch(/^通知，0 条未读/);

    // One more approval, so the screenshots show an unread one; the WeChat switches answer.
    await call(adminToken, 'POST', 'demand/review', { id: second.demand.id, approve: 1 });
    await ent.page.goto('/account/notifications');
    await poll(() => rows.count()).toBe(3);
    const demandSwitch = ent.page.getByRole('switch', { name: '微信消息: 需求' });
    await demandSwitch.click();
    await poll(() => demandSwitch.getAttribute('aria-checked')).toBe('false');
    await ent.page.reload();
    await poll(() => ent.page.getByRole('switch', { name: '微信消息: 需求' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    // The bell and the page in each locale, at desktop and phone widths; nothing overflows.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US'] as const) {
      await ent.page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCALE_STORAGE_KEY,
        value: locale,
      });
      for (const width of [1280, 390]) {
        await ent.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await ent.page.goto('/account/notifications');
        await poll(() => rows.count()).toBe(3);
        await expectNamedStatusFilter(ent.page, locale);
        expect(await horizontalOverflow(ent.page)).toBeLessThanOrEqual(0);
        await shoot(ent.page, SHOTS, `page-${locale}-${width}`);
        await bell(ent.page).click();
        await poll(() => popover(ent.page).locator('.mb-notification-item').count()).toBe(3);
        await shoot(ent.page, SHOTS, `popover-${locale}-${width}`, false);
      }
    }
    expect(errors).toEqual([]);
    await ent.context.close();
  });
});

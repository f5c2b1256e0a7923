import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { certified, certifiedMember, shoot as shootTo, shotsDir, signInAdmin } from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const SHOTS = shotsDir('membership');
const shoot = (page: Page, name: string, fullPage = true) => shootTo(page, SHOTS, name, fullPage);

/** Leaving an organisation and removing a member, through the dashboard and the members table (issue 8). */
describeE2E('a membership ends, end to end', () => {
  const browser = useBrowser();

  it('a member leaves from the dashboard; the owner removes another from the members table', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const orgName = `成员研究所${suffix}`;
    const owner = await certified(adminToken, 'ResearchInstitute', orgName);
    const leaving = await certifiedMember(adminToken, owner, `退出者${suffix}`);
    await certifiedMember(adminToken, owner, `被移除者${suffix}`);
    const staying = await certifiedMember(adminToken, owner, `留下者${suffix}`);
    const errors: string[] = [];

    // The member leaves from the dashboard, after a confirmation.
    const member = await newPage(browser());
    member.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(member.page, leaving.phone, leaving.password);
    await member.page.goto('/manage/dashboard');
    const membership = member.page.locator('.mb-dash-list li', { hasText: orgName });
    await poll(() => membership.count()).toBe(1);
    await membership.getByRole('button', { name: '退出机构' }).click();
    await member.page.locator('.ant-modal-confirm').getByRole('button', { name: '退出机构' }).click();
    await poll(() => membership.count()).toBe(0);

    // The owner removes a member from the members tab of the to-do list.
    const own = await newPage(browser());
    own.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(own.page, owner.phone, owner.password);
    await own.page.goto('/manage/todoList?tab=members');
    await own.page.locator('.ant-segmented-item', { hasText: '已加入' }).click();
    const row = own.page.locator('tr', { hasText: `被移除者${suffix}` });
    await poll(() => row.count()).toBe(1);
    await poll(() => own.page.locator('tr', { hasText: `退出者${suffix}` }).count()).toBe(0);
    await row.getByRole('button', { name: /^移\s?除$/ }).click();
    await own.page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^移\s?除$/ })
      .click();
    await poll(() => row.count()).toBe(0);
    await own.page.locator('.ant-segmented-item', { hasText: '全部' }).click();
    await poll(() => row.locator('.ant-tag', { hasText: '已移除' }).count()).toBe(1);
    await poll(() =>
      own.page
        .locator('tr', { hasText: `退出者${suffix}` })
        .locator('.ant-tag', { hasText: '已退出' })
        .count(),
    ).toBe(1);

    // Screenshots: the member's dashboard with 'Leave', the owner's table with 'Remove' and the ended rows.
    const stay = await newPage(browser());
    stay.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(stay.page, staying.phone, staying.password);
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      for (const page of [stay.page, own.page])
        await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: LOCALE_STORAGE_KEY,
          value: locale,
        });
      await stay.page.goto('/manage/dashboard');
      await poll(() => stay.page.locator('.mb-dash-list li', { hasText: orgName }).count()).toBe(1);
      await stay.page.locator('.mb-dash-list li', { hasText: orgName }).locator('button').click();
      await poll(() => stay.page.locator('.ant-modal-confirm').count()).toBe(1);
      await shoot(stay.page, `leave-confirm-${locale}`, false);
      await stay.page.keyboard.press('Escape');
      await own.page.goto('/manage/todoList?tab=members');
      await own.page.locator('.ant-segmented-item').last().click();
      await poll(() => own.page.locator('tr', { hasText: `留下者${suffix}` }).count()).toBe(1);
      await shoot(own.page, `members-${locale}`);
    }
    expect(errors).toEqual([]);
    await Promise.all([member.context.close(), own.context.close(), stay.context.close()]);
  }, 180_000);
});

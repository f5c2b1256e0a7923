import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { call, certified, shoot as shootTo, shotsDir, demandBody, signInAdmin } from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const SHOTS = shotsDir('demand-transitions');
const shoot = (page: Page, name: string, fullPage = true) => shootTo(page, SHOTS, name, fullPage);

const transitionBody = (title: string) => demandBody(title, { msc_fields: ['90', '68'] });

/** Clicks a confirm dialog's button (antd puts a space between two CJK characters). */
async function confirmDialog(page: Page, label: string): Promise<void> {
  const spaced = label.length === 2 ? `${label[0]}\\s?${label[1]}` : label;
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: new RegExp(`^${spaced}$`) })
    .click();
}

const tagIn = (page: Page, scope: string, text: string) => page.locator(`${scope} .ant-tag`, { hasText: text });

/**
 * The remaining round-1 transitions through the real UI (issue 8 point 8): an institute withdraws
 * its solution; the enterprise pauses and resumes a demand, declines a solution with a reason,
 * completes the demand after a cooperation, closes another and deletes a draft. Then the market's
 * 'received' tag, and the cooperation the to-do opens on both sides.
 */
describeE2E('demand and solution transitions, end to end', () => {
  const browser = useBrowser();

  it('withdraw, pause/resume, decline, complete, close and delete through the UI; received tags; the cooperation from the to-do', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const enterprise = await certified(adminToken, 'Enterprise', `转换企业${suffix}有限公司`);
    const winner = await certified(adminToken, 'ResearchInstitute', `甲研究所${suffix}`);
    const declined = await certified(adminToken, 'ResearchInstitute', `乙研究所${suffix}`);
    const withdrawing = await certified(adminToken, 'ResearchInstitute', `丙研究所${suffix}`);

    const publish = async (title: string) => {
      const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
        ...transitionBody(title),
        commit: 1,
      });
      await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
      return saved.demand.id;
    };
    const answer = async (institute: { token: string }, demandId: number, approach: string) => {
      await call(institute.token, 'POST', 'demand/receive', { id: demandId, accept_nda: 1 });
      return (
        await call<{ id: number }>(institute.token, 'POST', 'solution/save', {
          demand_id: demandId,
          approach,
          team: '3 名研究员',
          timeline: '3 个月',
          cost_estimate: 200000,
          commit: 1,
        })
      ).id;
    };
    const titleA = `完成需求${suffix}`;
    const titleB = `关闭需求${suffix}`;
    const titleC = `草稿需求${suffix}`;
    const titleD = `接收需求${suffix}`;
    const demandA = await publish(titleA);
    const demandB = await publish(titleB);
    const demandD = await publish(titleD);
    const draftC = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
      ...transitionBody(titleC),
      commit: 0,
    });
    const winning = await answer(winner, demandA, '列生成求解排产');
    const declinedId = await answer(declined, demandA, '遗传算法');
    const withdrawn = await answer(withdrawing, demandA, '强化学习');
    await call(winner.token, 'POST', 'demand/receive', { id: demandD, accept_nda: 1 });
    const errors: string[] = [];

    // The third institute withdraws its solution from its list.
    const ins3 = await newPage(browser());
    ins3.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ins3.page, withdrawing.phone, withdrawing.password);
    await ins3.page.goto(`/manage/solutions?id=${withdrawn}`);
    await ins3.page
      .locator('.ant-drawer')
      .getByRole('button', { name: /^撤\s?回$/ })
      .click();
    await confirmDialog(ins3.page, '确定');
    await poll(() => tagIn(ins3.page, '.ant-drawer', '已撤回').count()).toBeGreaterThan(0);

    // The enterprise pauses the demand, resumes it, and declines the second institute's answer.
    const ent = await newPage(browser());
    ent.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    // One session per user: the browser's sign-in ended the API's, so script calls use the browser's.
    const entToken = (await ent.context.cookies()).find((c) => c.name === 'mb_token')?.value ?? '';
    await ent.page.goto(`/manage/demandManage/detail/${demandA}`);
    await ent.page.getByRole('button', { name: '暂停接收' }).click();
    await confirmDialog(ent.page, '确定');
    await poll(() => tagIn(ent.page, '.mb-page-header', '已暂停').count()).toBe(1);
    await ent.page.getByRole('button', { name: '恢复接收' }).click();
    await confirmDialog(ent.page, '确定');
    await poll(() => tagIn(ent.page, '.mb-page-header', '已发布').count()).toBe(1);

    const declinedRow = ent.page.locator('tr', { hasText: `乙研究所${suffix}` });
    await poll(() => declinedRow.count()).toBeGreaterThan(0);
    // The withdrawn answer is no longer shown to the enterprise.
    expect(await ent.page.locator('tr', { hasText: `丙研究所${suffix}` }).count()).toBe(0);
    await declinedRow.getByRole('button', { name: '不采纳' }).click();
    const modal = ent.page.locator('.ant-modal', { hasText: '不采纳方案' });
    await modal.locator('.ant-select').click();
    await ent.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '费用超出预算' }).click();
    await modal.getByRole('button', { name: '不采纳' }).click();
    await poll(() => declinedRow.locator('.ant-tag', { hasText: '未采纳' }).count()).toBe(1);

    // The declined institute's to-do opens its solution; opening it reads the decline (solution/markSeen,
    // reads never write): the to-do is done.
    const ins2 = await newPage(browser());
    ins2.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ins2.page, declined.phone, declined.password);
    const declinedToken = (await ins2.context.cookies()).find((c) => c.name === 'mb_token')?.value ?? '';
    await ins2.page.goto('/manage/todoList?tab=mine');
    const declinedTodo = ins2.page.locator('tr', { hasText: titleA });
    await poll(() => declinedTodo.count()).toBe(1);
    await declinedTodo.getByRole('button').first().click();
    await ins2.page.waitForURL(`**/manage/solutions?id=${declinedId}`);
    await poll(() => ins2.page.locator('.ant-drawer .ant-alert', { hasText: '费用超出预算' }).count()).toBe(1);
    await poll(async () => (await call<{ total: number }>(declinedToken, 'GET', 'workflow/todoList', {})).total).toBe(
      0,
    );

    // A cooperation starts (accepting is covered by demands.test.ts), then the enterprise completes.
    await call(entToken, 'POST', 'solution/accept', { id: winning });
    await ent.page.reload();
    await ent.page.getByRole('button', { name: '标记完成' }).click();
    await confirmDialog(ent.page, '确定');
    await poll(() => tagIn(ent.page, '.mb-page-header', '已完成').count()).toBe(1);
    await poll(() => ent.page.getByTestId('cooperation-card').getByText('列生成求解排产').count()).toBeGreaterThan(0);

    // Another demand is closed.
    await ent.page.goto(`/manage/demandManage/detail/${demandB}`);
    await ent.page.getByRole('button', { name: /^关\s?闭$/ }).click();
    await confirmDialog(ent.page, '确定');
    await poll(() => tagIn(ent.page, '.mb-page-header', '已关闭').count()).toBe(1);

    // A draft is deleted after a confirmation; the list opens without it.
    await ent.page.goto(`/manage/demandManage/detail/${draftC.demand.id}`);
    await ent.page.getByRole('button', { name: /删\s?除/ }).click();
    await poll(() => ent.page.locator('.ant-modal-confirm').count()).toBe(1);
    await shoot(ent.page, 'delete-confirm-zh-CN', false);
    await confirmDialog(ent.page, '删除');
    await ent.page.waitForURL('**/manage/demandManage/list');
    await poll(() => ent.page.locator('tr', { hasText: titleB }).count()).toBeGreaterThan(0);
    expect(await ent.page.locator('tr', { hasText: titleC }).count()).toBe(0);

    // The winning institute: the market marks what it received; its to-do opens the cooperation.
    const ins = await newPage(browser());
    ins.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ins.page, winner.phone, winner.password);
    await ins.page.goto('/manage/demandManageRI/list');
    const cardD = ins.page.getByTestId('market-card').filter({ hasText: titleD });
    await poll(() => cardD.getByTestId('received-tag').count()).toBe(1);
    await ins.page.goto('/manage/todoList?tab=mine');
    const todo = ins.page.locator('tr', { hasText: titleA });
    await poll(() => todo.count()).toBeGreaterThan(0);
    await todo.first().getByRole('button').first().click();
    await ins.page.waitForURL(`**/manage/demandManageRI/detail/${demandA}#cooperation`);
    const card = ins.page.getByTestId('cooperation-card');
    await poll(() => card.getByText(`转换企业${suffix}有限公司`).count()).toBeGreaterThan(0);
    await poll(() => card.getByText('列生成求解排产').count()).toBeGreaterThan(0);

    // The enterprise's to-do opens the same cooperation on its side.
    await ent.page.goto('/manage/todoList?tab=mine');
    const entTodo = ent.page.locator('tr', { hasText: titleA }).filter({ hasText: `甲研究所${suffix}` });
    await poll(() => entTodo.count()).toBeGreaterThan(0);
    await entTodo.first().getByRole('button').first().click();
    await ent.page.waitForURL(`**/manage/demandManage/detail/${demandA}#cooperation`);
    await poll(() => ent.page.getByTestId('cooperation-card').count()).toBe(1);

    // Screenshots of the new pieces in the three locales.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      for (const page of [ent.page, ins.page])
        await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: LOCALE_STORAGE_KEY,
          value: locale,
        });
      await ins.page.goto('/manage/demandManageRI/list');
      await poll(() => ins.page.getByTestId('received-tag').count()).toBeGreaterThan(0);
      await shoot(ins.page, `market-received-${locale}`, false);
      await ins.page.goto(`/manage/demandManageRI/detail/${demandA}#cooperation`);
      await poll(() => ins.page.getByTestId('cooperation-card').getByText('列生成求解排产').count()).toBeGreaterThan(0);
      await shoot(ins.page, `cooperation-${locale}`);
      const draft = await call<{ demand: { id: number } }>(entToken, 'POST', 'demand/save', {
        ...transitionBody(`草稿${locale.slice(-2)}${suffix}`),
        commit: 0,
      });
      await ent.page.goto(`/manage/demandManage/detail/${draft.demand.id}`);
      await ent.page.locator('.mb-detail-actions .ant-btn-dangerous').click();
      await poll(() => ent.page.locator('.ant-modal-confirm').count()).toBe(1);
      await shoot(ent.page, `delete-confirm-${locale}`, false);
      await ent.page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
    await Promise.all([ent.context.close(), ins.context.close(), ins3.context.close()]);
  }, 240_000);
});

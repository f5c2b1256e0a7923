import { expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  certified,
  chooseSelect,
  shoot as shootTo,
  shotsDir,
  PDF,
  pickDatePreset,
  signInAdmin,
} from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('demands');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Parameters<typeof shootTo>[0], name: string) => shootTo(page, SHOTS, name);

describeE2E('demands, solutions and cooperation, end to end', () => {
  const browser = useBrowser();

  it('an enterprise posts a demand, an admin approves it, an institute answers it, the enterprise accepts, and both sides see the cooperation', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const enterprise = await certified(adminToken, 'Enterprise', `数桥排产科技有限公司${suffix}`);
    const institute = await certified(adminToken, 'ResearchInstitute', `应用数学研究所${suffix}`);
    const errors: string[] = [];

    // The enterprise writes a demand in the form and submits it.
    const ent = await newPage(browser());
    ent.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    await ent.page.goto('/manage/demandManage/demandForm/new');
    await poll(() => ent.page.locator('#title').count()).toBe(1);
    await ent.page.fill('#title', '排产优化');
    await chooseSelect(ent.page, 'industry', '制造业');
    await chooseSelect(ent.page, 'msc_fields', '运筹学');
    await ent.page.keyboard.press('Escape');
    await ent.page.fill('#summary', '离散制造排产，约 200 台设备');
    await ent.page.fill('#problem', '## 问题\n多目标排产：$\\min \\sum_i c_i x_i$\n\n$$\\sum_{j} x_{ij} = 1$$');
    await poll(() => ent.page.locator('.mb-md-preview .katex').count()).toBeGreaterThan(0);
    await ent.page.fill('#expected_outcome', '可部署的调度算法与报告');
    await ent.page.fill('#budget_min', '100000');
    await ent.page.fill('#budget_max', '300000');
    await pickDatePreset(ent.page, 'deadline', '六个月后');
    await ent.page.click('#area');
    await ent.page.locator('.ant-cascader-menu-item', { hasText: '浙江' }).click();
    await ent.page.locator('.ant-cascader-menu-item', { hasText: '杭州' }).click();
    await ent.page.fill('#contact', '王经理');
    await ent.page.fill('#contact_phone', '13900001111');
    await shoot(ent.page, 'form-zh-CN');
    await ent.page.getByRole('button', { name: '提交审核' }).click();
    await ent.page.waitForURL('**/manage/demandManage/submitted/1?id=*');
    const demandId = Number(new URL(ent.page.url()).searchParams.get('id'));
    await poll(() => ent.page.getByText('已提交审核').count()).toBeGreaterThan(0);

    // The admin opens the review to-do and approves the demand on its page.
    const adm = await newPage(browser());
    adm.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(adm.page, inject('adminPhone'), inject('adminPassword'));
    await adm.page.goto('/manage/todoList?tab=mine');
    const reviewItem = adm.page.locator('tr', { hasText: '排产优化' });
    await poll(() => reviewItem.count()).toBeGreaterThan(0);
    await reviewItem.first().getByRole('button').first().click();
    await adm.page.waitForURL(`**/manage/demandManage/detail/${demandId}`);
    await adm.page.getByRole('button', { name: /^通\s?过$/ }).click();
    await adm.page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await poll(() => adm.page.locator('.ant-tag', { hasText: '已发布' }).count()).toBeGreaterThan(0);

    // The institute receives the demand and submits a solution.
    const ins = await newPage(browser());
    ins.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ins.page, institute.phone, institute.password);
    await ins.page.goto(`/manage/demandManageRI/detail/${demandId}`);
    await ins.page.getByRole('button', { name: '接收需求' }).click();
    await ins.page.locator('.ant-modal').getByRole('button', { name: '接收需求' }).click();
    await ins.page.getByRole('link', { name: '撰写方案' }).click();
    await ins.page.waitForURL(`**/manage/demandManageRI/demandForm/${demandId}`);
    await poll(() => ins.page.locator('#approach').count()).toBe(1);
    await ins.page.fill('#approach', '混合整数规划 + 列生成，目标 $\\min c^T x$');
    await ins.page.fill('#team', '3 名研究员');
    await ins.page.fill('#timeline', '3 个月');
    await ins.page.fill('#cost_estimate', '200000');
    // A new solution takes an attachment before its first save (solution/attachmentSpace).
    await ins.page.setInputFiles('[data-testid=attachment-input]', [
      { name: '技术方案.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await poll(() => ins.page.locator('.mb-item-list-row', { hasText: '技术方案.pdf' }).count()).toBe(1);
    await ins.page.getByRole('button', { name: /^提\s?交$/ }).click();
    await ins.page.waitForURL(`**/manage/demandManageRI/submitted/1?demand=${demandId}&id=*`);
    await ins.page.getByRole('link', { name: '查看我的方案' }).click();
    await ins.page.waitForURL('**/manage/solutions?id=*');
    await poll(() => ins.page.locator('.ant-drawer .ant-tag', { hasText: '已提交' }).count()).toBeGreaterThan(0);
    await poll(() => ins.page.locator('.ant-drawer').getByText('技术方案.pdf').count()).toBeGreaterThan(0);

    // The enterprise sees the solution on its demand and accepts it.
    await ent.page.goto(`/manage/demandManage/detail/${demandId}`);
    await shoot(ent.page, 'detail-zh-CN');
    const row = ent.page.locator('tr', { hasText: `应用数学研究所${suffix}` });
    await poll(() => row.count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: /^采\s?纳$/ }).click();
    await ent.page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^采\s?纳$/ })
      .click();
    await poll(() => ent.page.getByText(`与 应用数学研究所${suffix} 合作`, { exact: false }).count()).toBeGreaterThan(
      0,
    );

    // Both sides see the cooperation and their to-dos.
    await ent.page.goto('/manage/todoList?tab=mine');
    await poll(() => ent.page.locator('tr', { hasText: '排产优化' }).count()).toBeGreaterThan(0);
    await ins.page.goto('/manage/todoList?tab=mine');
    await poll(() => ins.page.locator('tr', { hasText: '排产优化' }).count()).toBeGreaterThan(0);
    await ins.page.goto(`/manage/demandManageRI/detail/${demandId}`);
    await poll(() => ins.page.getByText(`与 应用数学研究所${suffix} 合作`, { exact: false }).count()).toBeGreaterThan(
      0,
    );
    await ins.page.goto('/manage/solutions?status=accepted');
    await poll(() => ins.page.locator('tr', { hasText: '排产优化' }).count()).toBeGreaterThan(0);

    // Screenshots of the form, the list and the detail in the three locales (1366 wide).
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      await ent.page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCALE_STORAGE_KEY,
        value: locale,
      });
      await ent.page.goto('/manage/demandManage/list');
      await poll(() => ent.page.locator('tr', { hasText: '排产优化' }).count()).toBeGreaterThan(0);
      await shoot(ent.page, `list-${locale}`);
      await ent.page.goto(`/manage/demandManage/detail/${demandId}`);
      await poll(() => ent.page.locator('.katex').count()).toBeGreaterThan(0);
      await shoot(ent.page, `detail-${locale}`);
      await ent.page.goto('/manage/demandManage/demandForm/new');
      await poll(() => ent.page.locator('#title').count()).toBe(1);
      await ent.page.fill('#problem', 'Energy $E = mc^2$ and\n\n$$\\int_0^1 x^2\\,dx = \\tfrac13$$');
      await shoot(ent.page, `form-${locale}`);
      await ent.page.goto('/manage/demands');
      await poll(() => ent.page.locator('[data-testid=count-published]').count()).toBe(1);
      await shoot(ent.page, `overview-${locale}`);
    }
    expect(errors).toEqual([]);
    await Promise.all([ent.context.close(), adm.context.close(), ins.context.close()]);
  }, 180_000);
});

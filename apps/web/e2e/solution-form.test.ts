import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  PDF,
  call,
  certified,
  demandBody,
  horizontalOverflow,
  shoot as shootTo,
  shotsDir,
  signInAdmin,
} from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('solution-form');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Page, name: string) => shootTo(page, SHOTS, name);
const comingSoon = (page: Page) => page.locator('.mb-coming-soon').count();

/** A demand the enterprise posted and the admin published (through the API); its id. */
async function publishedDemand(adminToken: string, enterprise: { token: string }, title: string, nda = 0) {
  const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
    ...demandBody(title, { nda_required: nda }),
    commit: 1,
  });
  await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
  return saved.demand.id;
}

describeE2E("the institute's solution form and the page after it (demandManageRI/demandForm, submitted)", () => {
  const browser = useBrowser();

  it('an institute drafts its solution on the form page, comes back to the draft, submits it, and then reads it there; the enterprise sees it', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const enterprise = await certified(adminToken, 'Enterprise', `方案表单科技有限公司${suffix}`);
    const institute = await certified(adminToken, 'ResearchInstitute', `方案表单研究所${suffix}`);
    const title = `保密排产${suffix}`;
    const demandId = await publishedDemand(adminToken, enterprise, title, 1);
    // Set up through the API before signing in in the browser (which ends the API sessions): a
    // received demand then paused, and another received one left to answer.
    const pausedId = await publishedDemand(adminToken, enterprise, `暂停排产${suffix}`);
    await call(institute.token, 'POST', 'demand/receive', { id: pausedId });
    await call(enterprise.token, 'POST', 'demand/toggle', { id: pausedId });
    const freshId = await publishedDemand(adminToken, enterprise, `新排产${suffix}`);
    await call(institute.token, 'POST', 'demand/receive', { id: freshId });
    const errors: string[] = [];

    const ins = await newPage(browser());
    ins.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ins.page, institute.phone, institute.password);
    const form = `/manage/demandManageRI/demandForm/${demandId}`;

    // Not received yet, with a confidentiality agreement: the page says so and offers receiving.
    await ins.page.goto(form);
    await poll(() => ins.page.getByText('请先同意保密协议').count()).toBe(1);
    expect(await ins.page.locator('#approach').count()).toBe(0);
    expect(await comingSoon(ins.page)).toBe(0);
    await shoot(ins.page, 'nda-zh-CN');

    // Received on the demand's detail (accepting the agreement), the detail leads to the form.
    await ins.page.goto(`/manage/demandManageRI/detail/${demandId}`);
    await ins.page.getByRole('button', { name: '接收需求' }).click();
    const modal = ins.page.locator('.ant-modal');
    await modal.getByRole('checkbox').check();
    await modal.getByRole('button', { name: '接收需求' }).click();
    await ins.page.getByRole('link', { name: '撰写方案' }).click();
    await ins.page.waitForURL(`**${form}`);
    await poll(() => ins.page.locator('#approach').count()).toBe(1);
    expect(await comingSoon(ins.page)).toBe(0);
    await poll(() => ins.page.getByText(`针对需求“${title}”`).count()).toBe(1);
    await poll(() => ins.page.getByText('接收时须同意').count()).toBe(1);

    // A draft, with an attachment chosen before its first save.
    await ins.page.fill('#approach', '分支定价：$\\min c^T x$，列生成求解');
    await ins.page.fill('#team', '2 名研究员');
    await ins.page.fill('#timeline', '4 个月');
    await ins.page.fill('#cost_estimate', '150000');
    await ins.page.setInputFiles('[data-testid=attachment-input]', [
      { name: '方案草稿.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await poll(() => ins.page.locator('.mb-item-list-row', { hasText: '方案草稿.pdf' }).count()).toBe(1);
    await shoot(ins.page, 'form-new-zh-CN');
    await ins.page.getByRole('button', { name: '保存草稿' }).click();
    await ins.page.waitForURL(`**/manage/demandManageRI/submitted/0?demand=${demandId}&id=*`);
    const solutionId = Number(new URL(ins.page.url()).searchParams.get('id'));
    expect(solutionId).toBeGreaterThan(0);
    await poll(() => ins.page.getByText('方案已保存为草稿').count()).toBe(1);
    expect(await comingSoon(ins.page)).toBe(0);

    // The page after saving leads back to the draft, and so does the demand's detail (not to a second solution).
    expect(await ins.page.getByRole('link', { name: '继续编辑' }).getAttribute('href')).toBe(form);
    await ins.page.goto(`/manage/demandManageRI/detail/${demandId}`);
    expect(await ins.page.getByRole('link', { name: '撰写方案' }).count()).toBe(0);
    await ins.page.getByRole('link', { name: '继续编辑草稿' }).click();
    await ins.page.waitForURL(`**${form}`);
    await poll(() => ins.page.locator('#approach').inputValue()).toContain('分支定价');
    await poll(() => ins.page.getByRole('heading', { name: '编辑方案' }).count()).toBe(1);
    expect(await ins.page.locator('.mb-item-list-row', { hasText: '方案草稿.pdf' }).count()).toBe(1);

    // Leaving it with unsaved typing asks first.
    await ins.page.fill('#cost_estimate', '160000');
    await ins.page.getByRole('link', { name: '查看需求', exact: true }).click();
    const asking = ins.page.locator('.ant-modal-wrap:visible .ant-modal-confirm');
    await poll(() => asking.count()).toBe(1);
    expect(await asking.textContent()).toContain('确定离开此页面？');
    await asking.getByRole('button', { name: '留在此页' }).click();
    await poll(() => asking.count()).toBe(0);
    expect(new URL(ins.page.url()).pathname).toBe(form);

    await ins.page.getByRole('button', { name: /^提\s?交$/ }).click();
    await ins.page.waitForURL(`**/manage/demandManageRI/submitted/1?demand=${demandId}&id=${solutionId}`);
    await poll(() => ins.page.getByText('方案已提交').count()).toBe(1);
    expect(await comingSoon(ins.page)).toBe(0);
    await ins.page.getByRole('link', { name: '查看我的方案' }).click();
    await ins.page.waitForURL(`**/manage/solutions?id=${solutionId}`);
    await poll(() => ins.page.locator('.ant-drawer .ant-tag', { hasText: '已提交' }).count()).toBeGreaterThan(0);
    await poll(() => ins.page.locator('.ant-drawer').getByText('160,000').count()).toBeGreaterThan(0);

    // The enterprise sees the solution on its demand.
    const ent = await newPage(browser());
    ent.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    await ent.page.goto(`/manage/demandManage/detail/${demandId}`);
    await poll(() => ent.page.locator('tr', { hasText: `方案表单研究所${suffix}` }).count()).toBeGreaterThan(0);

    // Submitted, the form page is read-only and links to the solution; the detail offers it too.
    await ins.page.goto(form);
    await poll(() => ins.page.getByText('您的方案已提交').count()).toBe(1);
    expect(await ins.page.locator('#approach').count()).toBe(0);
    expect(await ins.page.getByRole('button', { name: /^提\s?交$/ }).count()).toBe(0);
    expect(await ins.page.getByRole('button', { name: '保存草稿' }).count()).toBe(0);
    await poll(() => ins.page.getByText('列生成求解').count()).toBeGreaterThan(0);
    expect(await ins.page.getByRole('link', { name: '查看我的方案' }).getAttribute('href')).toBe(
      `/manage/solutions?id=${solutionId}`,
    );
    await ins.page.goto(`/manage/demandManageRI/detail/${demandId}`);
    await poll(() => ins.page.getByRole('link', { name: '查看我的方案' }).count()).toBe(1);
    expect(await ins.page.getByRole('link', { name: '撰写方案' }).count()).toBe(0);
    await shoot(ins.page, 'detail-submitted-zh-CN');

    // A paused demand takes no new solution; an unknown one is not found; isCommit is 0 or 1.
    await ins.page.goto(`/manage/demandManageRI/demandForm/${pausedId}`);
    await poll(() => ins.page.getByText('该需求暂不接收方案').count()).toBe(1);
    expect(await ins.page.locator('#approach').count()).toBe(0);
    await ins.page.goto('/manage/demandManageRI/demandForm/99999999');
    await poll(() => ins.page.getByText('该需求不存在或您无权查看。').count()).toBe(1);
    await ins.page.goto('/manage/demandManageRI/submitted/2');
    await ins.page.waitForURL('**/404');
    await ins.page.goto('/manage/demandManage/submitted/2');
    await ins.page.waitForURL('**/404');

    // The pages in the three locales, at a desktop's and a phone's width: a new form (another
    // received demand), the submitted solution read-only, and the page after saving and submitting.
    const pages = {
      write: `/manage/demandManageRI/demandForm/${freshId}`,
      read: form,
      draft: `/manage/demandManageRI/submitted/0?demand=${demandId}&id=${solutionId}`,
      commit: `/manage/demandManageRI/submitted/1?demand=${demandId}&id=${solutionId}`,
    };
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      await ins.page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCALE_STORAGE_KEY,
        value: locale,
      });
      for (const width of [1366, 390]) {
        await ins.page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
        for (const [name, path] of Object.entries(pages)) {
          await ins.page.goto(path);
          const ready = name === 'write' ? '#approach' : name === 'read' ? '.ant-alert' : '.ant-result';
          await poll(() => ins.page.locator(ready).count()).toBeGreaterThan(0);
          await poll(() => ins.page.locator('.ant-skeleton').count()).toBe(0);
          expect(await comingSoon(ins.page), `${name} ${locale}`).toBe(0);
          expect(await horizontalOverflow(ins.page), `${name} ${locale} ${width}`).toBeLessThanOrEqual(0);
          await shoot(ins.page, `${name}-${locale}-${width}`);
        }
      }
    }
    expect(errors).toEqual([]);
    await Promise.all([ins.context.close(), ent.context.close()]);
  }, 240_000);
});

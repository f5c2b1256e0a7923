import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { call, certified, chooseSelect, shoot as shootTo, shotsDir, signInAdmin } from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('wishes');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Page, name: string, fullPage = true) => shootTo(page, SHOTS, name, fullPage);
/** More wishes than one page of the open list (DEFAULT_PAGE_SIZE 20), to scroll through. */
const BATCH = 25;

/** A published demand matching the institute's research fields (90), for the market list and its recommendations. */
async function publishedDemand(enterpriseToken: string, adminToken: string, title: string): Promise<number> {
  const deadline = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const saved = await call<{ demand: { id: number } }>(enterpriseToken, 'POST', 'demand/save', {
    commit: 1,
    title,
    industry: 'C',
    summary: '离散制造车间排产，约 200 台设备、3 个班次，需要兼顾交期与换线成本。',
    problem: '多目标排产',
    expected_outcome: '可部署的调度算法',
    budget_min: 100000,
    budget_max: 300000,
    deadline,
    province_code: '3300',
    city_code: '3301',
    msc_fields: ['90', '68'],
    contact: '王经理',
    contact_phone: '13900001111',
  });
  await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
  return saved.demand.id;
}

describeE2E('cooperation wishes, end to end', () => {
  const browser = useBrowser();

  it('an enterprise posts a wish, an institute finds it in the open list and responds, and the enterprise reads the response and closes the wish', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const enterprise = await certified(adminToken, 'Enterprise', `数桥预测科技有限公司${suffix}`);
    const institute = await certified(adminToken, 'ResearchInstitute', `统计科学研究院${suffix}`);
    const errors: string[] = [];
    const title = `预测合作${suffix}`;

    // Through the API before signing in (one session per user): more open wishes than one page,
    // and a published demand for the institute's market list.
    const marker = `滚动${suffix}`;
    for (let i = 0; i < BATCH; i += 1) {
      await call(enterprise.token, 'POST', 'cooperateWish/create', {
        title: `批量意向${i}`,
        msc_fields: ['62'],
        description: `${marker} 第 ${i} 个合作意向`,
        partner_type: 'any',
        duration: 'longTerm',
        contact: '王经理',
        contact_phone: '13900002222',
      });
    }
    const demandId = await publishedDemand(enterprise.token, adminToken, `排产优化${suffix}`);

    // The enterprise fills in the form; leaving it half-done asks first.
    const ent = await newPage(browser());
    ent.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    await ent.page.goto('/manage/willManageE/create');
    await poll(() => ent.page.locator('#title').count()).toBe(1);
    await ent.page.fill('#title', title);
    await ent.page.locator('.mb-side-nav').getByRole('link', { name: '合作意愿' }).click();
    await ent.page.locator('.ant-modal-confirm').getByRole('button', { name: '留在此页' }).click();
    expect(new URL(ent.page.url()).pathname).toBe('/manage/willManageE/create');
    await chooseSelect(ent.page, 'msc_fields', '统计学');
    await ent.page.keyboard.press('Escape');
    await chooseSelect(ent.page, 'partner_type', '科研院所');
    await chooseSelect(ent.page, 'duration', '6 个月以内');
    await ent.page.fill(
      '#description',
      '零售门店的销量预测与补货优化，希望与统计方向的团队长期合作。\n可提供三年的脱敏销售数据。',
    );
    await ent.page.fill('#contact', '王经理');
    await ent.page.fill('#contact_phone', '13900002222');
    await shoot(ent.page, 'create-filled-zh-CN');
    await ent.page.getByRole('button', { name: /^发\s?布$/ }).click();
    await ent.page.waitForURL('**/manage/willManageE/detail/*');
    const wishId = Number(new URL(ent.page.url()).pathname.split('/').pop());
    await poll(() => ent.page.locator('.ant-tag', { hasText: '征集中' }).count()).toBeGreaterThan(0);
    await poll(() => ent.page.getByText('暂时还没有科研院所响应。').count()).toBe(1);

    // The institute scrolls the open list: the second page arrives near the bottom.
    const ins = await newPage(browser());
    ins.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ins.page, institute.phone, institute.password);
    await ins.page.goto(`/manage/willManageRI/list?keyword=${encodeURIComponent(marker)}`);
    const cards = ins.page.locator('[data-testid=open-wish-card]');
    await poll(() => cards.count()).toBe(20);
    // Scrolled to the end, as a reader would keep doing: right after a first load the app may
    // still put the scroll position back to the top once (route scroll restoration).
    await poll(async () => {
      await ins.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return cards.count();
    }).toBe(BATCH);
    await poll(() => ins.page.getByText('已经到底了。').count()).toBe(1);

    // It finds the wish by keyword and responds.
    await ins.page.goto('/manage/willManageRI/list');
    await ins.page.fill('#wish-keyword', title);
    await poll(() => cards.count()).toBe(1);
    await cards.first().getByRole('link', { name: title }).click();
    await ins.page.waitForURL(`**/manage/willManageRI/detail/${wishId}`);
    await poll(() => ins.page.getByText('响应后可见').count()).toBe(1);
    await ins.page.getByRole('button', { name: '响应意愿' }).click();
    const modal = ins.page.locator('.ant-modal', { hasText: '响应合作意愿' });
    await modal.locator('#message').fill('我院统计学习团队做过多个零售预测项目，可先做两周数据诊断。');
    await modal.locator('#contact').fill('李老师');
    await modal.locator('#contact_phone').fill('13700003333');
    await shoot(ins.page, 'ri-respond-zh-CN', false);
    await modal.getByRole('button', { name: '响应意愿' }).click();
    await poll(() => ins.page.locator('[data-testid=my-response]').count()).toBe(1);
    await poll(() => ins.page.getByText('王经理 13900002222').count()).toBe(1);
    await poll(() => ins.page.getByRole('button', { name: '响应意愿' }).count()).toBe(0);

    // The enterprise sees the response (and its to-do), then closes the wish.
    await ent.page.goto('/manage/todoList?tab=mine');
    await poll(() => ent.page.locator('tr', { hasText: title }).count()).toBeGreaterThan(0);
    await ent.page.goto(`/manage/willManageE/detail/${wishId}`);
    const response = ent.page.locator('[data-testid=wish-response]', { hasText: `统计科学研究院${suffix}` });
    await poll(() => response.count()).toBe(1);
    await poll(() => response.getByText('李老师 13700003333', { exact: false }).count()).toBe(1);
    await ent.page.getByRole('button', { name: '关闭意愿' }).click();
    await ent.page.locator('.ant-modal-confirm').getByRole('button', { name: '关闭意愿' }).click();
    await poll(() => ent.page.locator('.ant-tag', { hasText: '已关闭' }).count()).toBeGreaterThan(0);
    await poll(() => ent.page.getByRole('button', { name: '关闭意愿' }).count()).toBe(0);

    // Closed: gone from the open list; the institute still sees its own response.
    await ins.page.goto(`/manage/willManageRI/list?keyword=${encodeURIComponent(title)}`);
    await poll(() => ins.page.getByText('没有符合筛选条件的合作意愿。').count()).toBe(1);
    await ins.page.goto(`/manage/willManageRI/detail/${wishId}`);
    await poll(() => ins.page.locator('[data-testid=my-response]').count()).toBe(1);

    // Screenshots at 1366 wide in the three locales: the market list, the wish lists and details.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      for (const side of [ins.page, ent.page])
        await side.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: LOCALE_STORAGE_KEY,
          value: locale,
        });
      await ins.page.goto('/manage/demandManageRI/list');
      await poll(() =>
        ins.page.locator('[data-testid=recommended-card]', { hasText: `排产优化${suffix}` }).count(),
      ).toBeGreaterThan(0);
      await poll(() => ins.page.locator('[data-testid=market-card]').count()).toBeGreaterThan(0);
      await shoot(ins.page, `market-${locale}`);
      await ins.page.goto(`/manage/willManageRI/list?keyword=${encodeURIComponent(marker)}`);
      await poll(() => cards.count()).toBe(20);
      await shoot(ins.page, `open-list-${locale}`, false);
      await ins.page.goto(`/manage/willManageRI/detail/${wishId}`);
      await poll(() => ins.page.locator('[data-testid=my-response]').count()).toBe(1);
      await shoot(ins.page, `ri-detail-${locale}`);
      await ent.page.goto('/manage/willManageE/list');
      await poll(() => ent.page.locator('tr', { hasText: title }).count()).toBe(1);
      await shoot(ent.page, `list-${locale}`);
      await ent.page.goto(`/manage/willManageE/detail/${wishId}`);
      await poll(() => ent.page.locator('[data-testid=wish-response]').count()).toBe(1);
      await shoot(ent.page, `detail-${locale}`);
      await ent.page.goto('/manage/willManageE/create');
      await poll(() => ent.page.locator('#title').count()).toBe(1);
      await shoot(ent.page, `create-${locale}`);
    }
    // The market detail link works.
    await ins.page.goto('/manage/demandManageRI/list');
    await ins.page
      .locator('[data-testid=market-card]')
      .getByRole('link', { name: `排产优化${suffix}` })
      .first()
      .click();
    await ins.page.waitForURL(`**/manage/demandManageRI/detail/${demandId}`);
    expect(errors).toEqual([]);
    await Promise.all([ent.context.close(), ins.context.close()]);
  }, 240_000);
});

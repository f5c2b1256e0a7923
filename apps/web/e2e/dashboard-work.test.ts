import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  call,
  certified,
  certifiedPerson,
  demandBody,
  horizontalOverflow,
  shoot,
  shotsDir,
  signInAdmin,
} from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const LOCALES = ['zh-CN', 'zh-HK', 'en-US'] as const;
type Locale = (typeof LOCALES)[number];
const WIDTHS = [1366, 390] as const;

/** Words each locale must show on the dashboard's work cards (and the English it must not). */
const WORDS: Record<Locale, { call: string; awaiting: string; foreign: RegExp }> = {
  'zh-CN': { call: '发布您的第一个需求', awaiting: '待您决定的方案', foreign: /Needs you|My work|awaiting your|Due / },
  'zh-HK': {
    call: '發佈您的第一個需求',
    awaiting: '待您決定的方案',
    foreign: /Needs you|My work|待您处理|发布|决定|阶段/,
  },
  'en-US': {
    call: 'Publish your first demand',
    awaiting: 'Solutions awaiting your decision',
    foreign: /待您|我的工作|概况|截止/,
  },
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signedIn(browser: Browser, user: { phone: string; password: string }, locale: Locale) {
  const opened = await newPage(browser, locale);
  await opened.page.addInitScript((l) => window.localStorage.setItem(l.key, l.locale), {
    key: LOCALE_STORAGE_KEY,
    locale,
  });
  await signInThroughUi(opened.page, user.phone, user.password);
  return opened;
}

async function openDashboard(page: Page) {
  await page.goto('/manage/dashboard');
  await page.locator('.mb-work-grid').waitFor();
}

/** What a person reads on the page: no i18n key and no text of another language. */
async function readsWell(page: Page, locale: Locale) {
  const text = await page.locator('main').innerText();
  expect(text, 'an untranslated key').not.toMatch(/workspace\.dashboard|demandStates\.|projectStates\.|roles\./);
  expect(text, `another language on the ${locale} page`).not.toMatch(WORDS[locale].foreign);
}

/** Both widths in turn: the screenshot, and at 390 px no sideways scrolling. */
async function shootWidths(page: Page, dir: string, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 390)
      expect(await horizontalOverflow(page), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
    await shoot(page, dir, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describeE2E('the dashboard leads: each role sees its work and the next step', () => {
  const browser = useBrowser();

  it('an enterprise with no demand is asked to publish the first; with demands it sees counts that open the filtered lists', async () => {
    const shots = shotsDir('dashboard-work');
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const enterprise = await certified(adminToken, 'Enterprise', `看板企业${suffix}有限公司`);
    const institute = await certified(adminToken, 'ResearchInstitute', `看板研究所${suffix}`);
    const errors: string[] = [];

    // No demand yet: the call to publish the first one, in every locale and at both widths.
    for (const locale of LOCALES) {
      const { context, page } = await signedIn(browser(), enterprise, locale);
      page.on('pageerror', (error) => errors.push(String(error)));
      await openDashboard(page);
      const firstCall = page.getByTestId('first-demand-call');
      await firstCall.waitFor();
      expect(await firstCall.innerText()).toContain(WORDS[locale].call);
      await readsWell(page, locale);
      await shootWidths(page, shots, `enterprise-first-${locale}`);
      if (locale === 'zh-CN') {
        // The call's button opens the demand form.
        await firstCall.getByRole('link').click();
        await page.waitForURL('**/manage/demandManage/demandForm/new');
      }
      await context.close();
    }

    // Demands: a draft, one waiting for a decision on an answer, one in cooperation. (Signing in
    // through the screens ended the API session: one active session per user.)
    const login = await call<{ token: { access_token: string } }>(null, 'POST', 'user/login', {
      phone_details: enterprise.phone,
      password: enterprise.password,
    });
    enterprise.token = login.token.access_token;
    await call(enterprise.token, 'POST', 'demand/save', { ...demandBody(`草稿需求${suffix}`), commit: 0 });
    const publish = async (title: string) => {
      const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
        ...demandBody(title),
        commit: 1,
      });
      await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
      await call(institute.token, 'POST', 'demand/receive', { id: saved.demand.id, accept_nda: 1 });
      return (
        await call<{ id: number }>(institute.token, 'POST', 'solution/save', {
          demand_id: saved.demand.id,
          approach: '混合整数规划',
          team: '3 名研究员',
          timeline: '3 个月',
          cost_estimate: 200000,
          commit: 1,
        })
      ).id;
    };
    await publish(`待决定需求${suffix}`);
    const accepted = await publish(`合作中需求${suffix}`);
    await call(enterprise.token, 'POST', 'solution/accept', { id: accepted });

    for (const locale of LOCALES) {
      const { context, page } = await signedIn(browser(), enterprise, locale);
      page.on('pageerror', (error) => errors.push(String(error)));
      await openDashboard(page);
      expect(await page.getByTestId('first-demand-call').count()).toBe(0);
      const count = (id: string) => page.getByTestId(id).locator('strong').textContent();
      await poll(() => count('work-demands-published')).toBe('2');
      expect(await count('work-demands-draft')).toBe('1');
      expect(await count('work-solutions-awaiting')).toBe('1');
      expect(await count('work-cooperations')).toBe('1');
      expect(await page.getByTestId('work-enterprise').innerText()).toContain(WORDS[locale].awaiting);
      await readsWell(page, locale);
      await shootWidths(page, shots, `enterprise-${locale}`);

      if (locale === 'zh-CN') {
        // Each count opens its list, filtered to what it counted.
        await page.getByTestId('work-demands-published').click();
        await page.waitForURL('**/manage/demandManage/list?status=published');
        await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
        await page.goBack();
        await page.getByTestId('work-cooperations').click();
        await page.waitForURL('**/manage/demandManage/list?cooperating=1');
        await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
        expect(await page.locator('.ant-table-tbody').innerText()).toContain(`合作中需求${suffix}`);
        await shoot(page, shots, 'list-cooperating-zh-CN');
        await page.goBack();
        // From the keyboard too: a count is a link, Enter opens it.
        await page.getByTestId('work-solutions-awaiting').focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/manage/todoList?kind=solutionReview');
        await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
        expect(await page.locator('.ant-alert').innerText()).toContain('仅显示待您决定的方案');
        await shoot(page, shots, 'todos-solution-review-zh-CN');
      }
      await context.close();
    }

    // The institute: the demands it received and still may answer, its solutions and subjects.
    {
      const { context, page } = await signedIn(browser(), institute, 'zh-CN');
      page.on('pageerror', (error) => errors.push(String(error)));
      await openDashboard(page);
      const count = (id: string) => page.getByTestId(id).locator('strong').textContent();
      await poll(() => count('work-demands-received')).toBe('2');
      expect(await count('work-solutions-submitted')).toBe('1');
      expect(await count('work-solutions-accepted')).toBe('1');
      await readsWell(page, 'zh-CN');
      await shootWidths(page, shots, 'institute-zh-CN');
      await page.getByTestId('work-demands-received').click();
      await page.waitForURL('**/manage/demandManageRI/list?received=1');
      expect(await page.getByRole('checkbox', { name: '仅看已接收的需求' }).isChecked()).toBe(true);
      await poll(() => page.locator('.mb-demand-card-list [data-testid=received-tag]').count()).toBe(2);
      await context.close();
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('a specialist sees applications to decide and the phases due; a student the directions they are in', async () => {
    const shots = shotsDir('dashboard-work-research');
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const specialist = await certifiedPerson(adminToken, 'Specialist', '看板专家');
    const student = await certifiedPerson(adminToken, 'Student', '看板学生');
    const project = {
      summary: '离散制造排产的多目标优化',
      description: '## 目标',
      msc_fields: ['90'],
      publish_range: 'public',
      headcount: 5,
      apply_deadline: inDays(30),
      confidential: 0,
      commit: 1,
    };
    const running = await call<{ id: number }>(specialist.token, 'POST', 'direction/save', {
      ...project,
      title: `进行中方向${suffix}`,
    });
    const recruiting = await call<{ id: number }>(specialist.token, 'POST', 'direction/save', {
      ...project,
      title: `招募中方向${suffix}`,
    });
    await call(student.token, 'POST', 'direction/apply', { id: recruiting.id, note: '想参与' });
    await call(specialist.token, 'POST', 'direction/start', { id: running.id });
    for (const [title, days] of [
      ['模型与算法设计', 3],
      ['实验与报告', 20],
    ] as const)
      await call(specialist.token, 'POST', 'direction/savePhase', {
        id: running.id,
        title,
        goal: '给出模型',
        due_date: inDays(days),
      });
    const errors: string[] = [];

    for (const locale of LOCALES) {
      const { context, page } = await signedIn(browser(), specialist, locale);
      page.on('pageerror', (error) => errors.push(String(error)));
      await openDashboard(page);
      const count = (id: string) => page.getByTestId(id).locator('strong').textContent();
      await poll(() => count('work-applications')).toBe('1');
      expect(await count('work-directions-published')).toBe('1');
      expect(await count('work-directions-in_progress')).toBe('1');
      const due = page.getByTestId('work-phases-due');
      expect(await due.locator('li').count()).toBe(1);
      expect(await due.innerText()).toContain('模型与算法设计');
      await readsWell(page, locale);
      await shootWidths(page, shots, `specialist-${locale}`);
      if (locale === 'en-US') {
        // A due phase opens where it is planned and handed in.
        await due.getByRole('link').click();
        await page.waitForURL(`**/manage/directionManage/planOutcomeDetail/${running.id}`);
        await page.goBack();
        await page.getByTestId('work-applications').click();
        await page.waitForURL('**/manage/todoList?kind=researchApply');
        await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
      }
      await context.close();
    }

    const { context, page } = await signedIn(browser(), student, 'zh-HK');
    page.on('pageerror', (error) => errors.push(String(error)));
    await openDashboard(page);
    await page.getByTestId('work-student').waitFor();
    expect(await page.getByTestId('work-directions-joined').locator('strong').textContent()).toBe('0');
    await readsWell(page, 'zh-HK');
    await shootWidths(page, shots, 'student-zh-HK');
    await context.close();
    expect(errors).toEqual([]);
  }, 180_000);
});

import { expect, inject, it } from 'vitest';
import { MANAGE_SECTIONS } from '@mathbridge/contracts/routes';
import { baseURL, describeE2E, newPage, useBrowser } from './browser.ts';
import {
  call,
  certified,
  certifiedPerson,
  shoot,
  shotsDir,
  demandBody,
  jobBody,
  PDF,
  signInAdmin,
} from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const adminDemand = (title: string) =>
  demandBody(title, { summary: '管理员巡检用的需求摘要', problem: '## 问题\n排产', expected_outcome: '算法与报告' });

/**
 * Spec §6 'Admin sees everything' (issue 8 point 6): the admin walks every item of the workspace
 * menu and finds each page with content the other users made — never a 404 or 403 page.
 */
describeE2E('the admin walks every workspace section', () => {
  const browser = useBrowser();

  it('every menu section opens for the admin with real content', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const enterprise = await certified(adminToken, 'Enterprise', `巡检企业${suffix}有限公司`);
    const institute = await certified(adminToken, 'ResearchInstitute', `巡检研究所${suffix}`);

    // Seeded content of other organisations: a published demand with an accepted solution, a
    // demand waiting for review, a wish with a response, a shared template.
    const published = `巡检发布${suffix.slice(-3)}`;
    const waiting = `巡检待审${suffix.slice(-3)}`;
    const wishTitle = `巡检意愿${suffix}`;
    const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
      ...adminDemand(published),
      commit: 1,
    });
    await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
    await call(institute.token, 'POST', 'demand/receive', { id: saved.demand.id, accept_nda: 1 });
    const solution = await call<{ id: number }>(institute.token, 'POST', 'solution/save', {
      demand_id: saved.demand.id,
      approach: '混合整数规划',
      team: '3 名研究员',
      timeline: '3 个月',
      cost_estimate: 200000,
      commit: 1,
    });
    await call(enterprise.token, 'POST', 'solution/accept', { id: solution.id });
    await call(enterprise.token, 'POST', 'demand/save', { ...adminDemand(waiting), commit: 1 });
    const wish = await call<{ id: number }>(enterprise.token, 'POST', 'cooperateWish/create', {
      title: wishTitle,
      msc_fields: ['90'],
      description: '寻找运筹学方向的合作方',
      partner_type: 'researchInstitute',
      duration: 'longTerm',
      contact: '王经理',
      contact_phone: '13900001111',
    });
    await call(institute.token, 'POST', 'cooperateWish/respond', {
      id: wish.id,
      message: '我们做过类似项目',
      contact: '李老师',
      contact_phone: '13900002222',
    });
    const spaces = await call<{ items: { id: number; kind: string }[] }>(adminToken, 'GET', 'upload/spaces');
    const shared = spaces.items.find((space) => space.kind === 'shared_tpl');
    const templateName = `巡检模板${suffix}.pdf`;
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), templateName);
    const uploaded = await fetch(`${baseURL()}/api/upload/upload?space_id=${shared?.id ?? 0}&ignore_sign=1`, {
      method: 'POST',
      headers: { 'X-MathBridge-Token': adminToken },
      body: form,
    }).then((r) => r.json() as Promise<{ status: number }>);
    expect(uploaded.status).toBe(200);

    // A published job of the enterprise (the admin reads every organisation's jobs).
    const jobTitle = `巡检职位${suffix.slice(-3)}`;
    const job = await call<{ job: { id: number } }>(enterprise.token, 'POST', 'job/save', jobBody(jobTitle));
    await call(enterprise.token, 'POST', 'job/publish', { id: job.job.id });

    // A published subject of the institute and a published direction of a specialist (issue 10).
    const subjectTitle = `巡检课题${suffix.slice(-3)}`;
    const directionTitle = `巡检方向${suffix.slice(-3)}`;
    const project = (title: string) => ({
      title,
      summary: '巡检用的研究项目',
      description: '## 目标\n巡检',
      msc_fields: ['90'],
      publish_range: 'public',
      headcount: 3,
      commit: 1,
    });
    await call(institute.token, 'POST', 'subject/save', project(subjectTitle));
    const specialist = await certifiedPerson(adminToken, 'Specialist', `巡检专家${suffix.slice(-2)}`);
    await call(specialist.token, 'POST', 'direction/save', project(directionTitle));

    /** What each built section shows of the seeded content; the rest are 'coming soon' pages. */
    const EXPECTED: Record<string, string> = {
      dashboard: '平台管理',
      todoList: waiting,
      demands: published,
      solutions: published,
      willManageE: wishTitle,
      willManageRI: wishTitle,
      demandManage: waiting,
      demandManageRI: published,
      sharedTplFile: templateName,
      logs: '登录',
      employment: jobTitle,
      // The admin has applied for nothing: the page says so.
      myJob: '您还没有投递过职位。',
      // Admins read every project of a kind in each research section, and the pools show what is open.
      subjectManage: subjectTitle,
      subjectManageS: subjectTitle,
      directionManage: directionTitle,
      directionManageStu: directionTitle,
      subjectsPool: subjectTitle,
      directionsPool: directionTitle,
      // The admin was asked no research question: the page says so.
      researchQuestions: '暂无研究问题。',
      // The content manager (issue 11) opens on its articles.
      content: '新建文章',
    };
    const NOT_BUILT = MANAGE_SECTIONS.filter((s) => s.menu && !(s.key in EXPECTED)).map((s) => s.key);

    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(page, inject('adminPhone'), inject('adminPassword'));
    await page.goto('/manage/dashboard');
    const menuLinks = page.locator('.mb-side-nav .ant-menu a[href^="/manage/"]');
    await poll(() => menuLinks.count()).toBeGreaterThan(0);
    const hrefs = await menuLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    // Every section of the spec §6 table is in the admin's menu, plus the audit log and the content manager.
    expect(hrefs.sort()).toEqual(
      [
        ...MANAGE_SECTIONS.filter((s) => s.menu).map((s) => `/manage/${s.key}`),
        '/manage/logs',
        '/manage/content',
      ].sort(),
    );

    const shots = shotsDir('admin-sections');
    for (const href of hrefs) {
      const key = href.split('/')[2] ?? '';
      await page.locator(`.mb-side-nav .ant-menu a[href="${href}"]`).click();
      await page.waitForURL((url) => url.pathname.startsWith(href));
      if (key === 'todoList') await page.getByRole('tab', { name: '我的待办' }).click();
      const expected = EXPECTED[key];
      if (expected) {
        await poll(() => page.locator('.mb-side-content').getByText(expected).count()).toBeGreaterThan(0);
      } else {
        expect(NOT_BUILT, key).toContain(key);
        await poll(() => page.locator('.mb-coming-soon').count()).toBe(1);
      }
      expect(new URL(page.url()).pathname, key).not.toBe('/404');
      expect(await page.locator('.ant-result-404, .ant-result-403').count(), key).toBe(0);
      if (expected) await shoot(page, shots, `admin-${key}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@mathbridge/contracts/constants';
import { LOCALES, LOCALE_STORAGE_KEY, type Locale } from '@mathbridge/contracts/locales';
import { baseURL, describeE2E, useBrowser } from './browser.ts';
import { call, certified, shoot, shotsDir, demandBody, jobBody, signInAdmin } from './cooperation-api.ts';

/**
 * Issue 15 points 3 and 4 in one walk (one page load per screen, so CI pays once): every main
 * screen, in every locale, at a phone's 390 × 844,
 * - fits the width: no horizontal overflow of the document, every header control on screen;
 * - passes axe-core's WCAG 2.1 A/AA rules without a critical or serious violation.
 */

interface Viewport {
  width: number;
  height: number;
  phone: boolean;
}
const PHONE: Viewport = { width: 390, height: 844, phone: true };
/** Some names depend on the layout (the brand shows its English name beside the Chinese one). */
const DESKTOP: Viewport = { width: 1366, height: 900, phone: false };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Who = 'visitor' | 'enterprise' | 'institute' | 'admin';

interface Fixtures {
  tokens: Record<Exclude<Who, 'visitor'>, string>;
  demandId: number;
  wishId: number;
  jobId: number;
  subjectId: number;
  /** An accepted notebook of the enterprise (issue 12: the achievement area). */
  notebookId: number;
}

/** The main screens of each kind of user (spec §2 public pages, the sign-in screens, the workspace). */
function screens(f: Fixtures): Record<Who, string[]> {
  return {
    visitor: [
      '/start',
      '/service',
      '/industry',
      '/employ',
      `/employ/detail/${f.jobId}`,
      '/news',
      '/aboutUs',
      '/members',
      '/utilities/formula',
      '/utilities/msc',
      '/utilities/regions',
      '/xxribd',
      '/xxribd/team',
      '/certification',
      '/signin',
      '/signup',
      '/forget',
      '/achievement',
      `/achievement/${f.notebookId}`,
      '/tryit',
    ],
    enterprise: [
      '/manage/dashboard',
      '/manage/todoList',
      '/manage/demands',
      '/manage/demandManage/list',
      '/manage/demandManage/demandForm/new',
      `/manage/demandManage/detail/${f.demandId}`,
      '/manage/willManageE/list',
      '/manage/willManageE/create',
      `/manage/willManageE/detail/${f.wishId}`,
      '/manage/employment/list',
      '/manage/employment/form/new',
      `/manage/employment/detail/${f.jobId}`,
      '/account/files',
      '/account/individual',
      '/account/institute',
      '/account/institute-authentication',
      '/firstmeet',
      '/account/notebooks',
      '/account/notifications',
      `/notebooks/${f.notebookId}`,
      '/tryit',
    ],
    institute: [
      '/manage/dashboard',
      '/manage/solutions',
      '/manage/demandManageRI/list',
      `/manage/demandManageRI/detail/${f.demandId}`,
      `/manage/demandManageRI/demandForm/${f.demandId}`,
      `/manage/demandManageRI/submitted/0?demand=${f.demandId}`,
      '/manage/willManageRI/list',
      '/manage/sharedTplFile',
      '/manage/subjectManage/list',
      '/manage/subjectManage/subjectForm/new',
      `/manage/subjectManage/detail/${f.subjectId}`,
      `/manage/subjectManage/authorityManagement/${f.subjectId}`,
      `/manage/subjectManage/planOutcomeDetail/${f.subjectId}`,
      `/manage/subjectManage/sharedFile/${f.subjectId}`,
      '/account/institute-authentication',
    ],
    admin: [
      '/manage/dashboard',
      '/manage/todoList',
      '/manage/todoList?tab=members',
      '/manage/todoList?tab=mine',
      '/manage/demands',
      '/manage/demandManage/list',
      '/manage/logs',
      '/manage/subjectsPool/list',
      `/manage/subjectsPool/detail/${f.subjectId}`,
      '/manage/directionsPool/list',
      '/manage/researchQuestions',
      '/account/individual',
    ],
  };
}

/** A few screens also at a desktop's width, where the header shows its full labels. */
const wideScreens: Partial<Record<Who, string[]>> = {
  visitor: ['/start', '/signin', '/achievement', '/tryit'],
  enterprise: ['/manage/dashboard', '/manage/demandManage/demandForm/new', '/account/individual'],
};

const a11yDemand = (title: string) =>
  demandBody(title, {
    summary: '手机与无障碍巡检用的需求摘要',
    // An image without alt text, as users write it: the renderer must give it one.
    problem: '## 问题\n排产优化，见 [说明](https://example.com/spec) 与下图：\n\n![](/favicon.svg)',
    expected_outcome: '算法与报告',
  });

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  nodes: AxeNode[];
}

interface Finding {
  locale: Locale;
  who: Who;
  path: string;
  width: number;
  overflow?: string;
  header?: string[];
  violations: AxeViolation[];
  ms: number;
}

/** Waits until the route has rendered: no route progress, page loader, skeleton, Markdown still loading or spinning table. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function settle(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (to) =>
      document.querySelector('#main')?.getAttribute('data-path') === to &&
      !!document.querySelector('.mb-header .mb-user-trigger, .mb-header .mb-signin-button') &&
      !document.querySelector(
        '.mb-route-progress, .mb-spinner, .ant-skeleton, .mb-markdown-loading, .ant-spin-spinning',
      ) &&
      (document.querySelector('#main')?.children.length ?? 0) > 0,
    path,
    { timeout: 15_000 },
  );
  // Layout, antd's motion classes and lib/a11y-dom.ts (once per frame) have applied.
  await frames(page);
}

/** Horizontal overflow of the document, and the header controls that are not fully on screen. */
async function measure(page: Page, { width, phone }: Viewport) {
  return page.evaluate(
    ({ width, phone }) => {
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
      const scrollWidth = document.documentElement.scrollWidth;
      // The widest elements that stick out, to say what overflows.
      const wide: string[] = [];
      if (scrollWidth > width) {
        for (const el of Array.from(document.querySelectorAll('#main *, header *'))) {
          const box = el.getBoundingClientRect();
          if (box.right > width + 0.5 && box.width > 0 && box.left < width) {
            const parent = el.parentElement?.getBoundingClientRect();
            if (!parent || parent.right <= width + 0.5)
              wide.push(
                `${describe(el)} right=${Math.round(box.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
              );
          }
        }
      }
      const header: string[] = [];
      const required: [string, string][] = [
        ['brand', '.mb-header .mb-brand'],
        ['language switch', '.mb-header .mb-locale-trigger'],
        ['avatar or sign-in', '.mb-header .mb-user-trigger, .mb-header .mb-signin-button'],
      ];
      // Phones reach the main menu through the menu button; wide screens show the menu itself.
      required.push(
        phone ? ['menu button', '.mb-header .mb-menu-toggle'] : ['main menu', '.mb-header .mb-header-menu'],
      );
      for (const [name, selector] of required) {
        const el = document.querySelector(selector);
        const box = el?.getBoundingClientRect();
        if (!el || !box || box.width === 0) header.push(`${name}: missing`);
        else if (box.left < 0 || box.right > width + 0.5)
          header.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
      // Every other control of the header is on screen too.
      for (const el of Array.from(
        document.querySelectorAll('.mb-header a, .mb-header button, .mb-header [tabindex]'),
      )) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && (box.left < 0 || box.right > width + 0.5))
          header.push(`${describe(el)}: ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
      return { scrollWidth, wide: wide.slice(0, 5), header };
    },
    { width, phone },
  );
}

/**
 * Opens a screen: the first with a page load, the next ones as the app navigates (a history
 * entry and a popstate, which React Router follows), so each screen costs its route, not the
 * whole app and axe again.
 */
async function open(page: Page, path: string, inApp: boolean): Promise<void> {
  if (!inApp) await page.goto(path);
  else
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  await settle(page, path);
}

async function axe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const result = await (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
    }));
  }, AXE_TAGS);
}

async function walk(
  browser: Browser,
  viewport: Viewport,
  locale: Locale,
  who: Who,
  token: string | null,
  paths: string[],
) {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    isMobile: viewport.phone,
    hasTouch: viewport.phone,
    // The app's Content-Security-Policy forbids inline scripts; axe is injected as one.
    bypassCSP: true,
  });
  // The UI language is the stored choice (spec §9), not the browser's.
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    { key: LOCALE_STORAGE_KEY, value: locale },
  );
  if (token) await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: baseURL() }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${String(error)}`));
  const findings: Finding[] = [];
  let loaded = false;
  for (const path of paths) {
    const started = Date.now();
    await open(page, path, loaded);
    loaded = true;
    const target = new URL(path, baseURL());
    const landed = new URL(page.url());
    expect(`${landed.pathname}${landed.search}`, `${who} ${path}`).toBe(`${target.pathname}${target.search}`);
    const { scrollWidth, wide, header } = await measure(page, viewport);
    const violations = await axe(page);
    findings.push({
      locale,
      who,
      path,
      width: viewport.width,
      overflow: scrollWidth > viewport.width ? `scrollWidth ${scrollWidth}: ${wide.join(', ')}` : undefined,
      header: header.length ? header : undefined,
      violations,
      ms: Date.now() - started,
    });
    if (shots && viewport.phone && (path === '/start' || path === '/manage/demandManage/demandForm/new')) {
      const name = `${locale}-${path.split('/').filter(Boolean).slice(-2).join('-')}`;
      await shoot(page, shots, `${name}-screen`, false);
      await shoot(page, shots, name);
    }
  }
  await context.close();
  return { findings, errors };
}

let shots: string | undefined;

describeE2E('phones (390 px) and accessibility (axe-core, WCAG 2.1 A/AA) in every locale', () => {
  const browser = useBrowser();
  let fixtures: Fixtures;

  beforeAll(async () => {
    shots = shotsDir('phone-a11y');
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const [enterprise, institute] = await Promise.all([
      certified(adminToken, 'Enterprise', `手机巡检企业${suffix}有限公司`),
      certified(adminToken, 'ResearchInstitute', `手机巡检研究所${suffix}`),
    ]);
    const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
      ...a11yDemand(`手机巡检需求${suffix.slice(-3)}`),
      // The market shows its gold 'NDA' tag.
      nda_required: 1,
      commit: 1,
    });
    await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
    await call(enterprise.token, 'POST', 'demand/save', { ...a11yDemand(`待审需求${suffix.slice(-3)}`), commit: 1 });
    const wish = await call<{ id: number }>(enterprise.token, 'POST', 'cooperateWish/create', {
      title: `手机巡检意愿${suffix}`,
      msc_fields: ['90'],
      description: '寻找运筹学方向的合作方，详见 [说明](https://example.com/wish)',
      partner_type: 'researchInstitute',
      duration: 'longTerm',
      contact: '王经理',
      contact_phone: '13900001111',
    });
    const job = await call<{ job: { id: number } }>(
      enterprise.token,
      'POST',
      'job/save',
      jobBody(`手机巡检职位${suffix.slice(-3)}`),
    );
    await call(enterprise.token, 'POST', 'job/publish', { id: job.job.id });
    const subject = await call<{ id: number }>(institute.token, 'POST', 'subject/save', {
      title: `手机巡检课题${suffix.slice(-3)}`,
      summary: '离散制造排产的多目标优化',
      description: '## 目标\n$\\min \\sum_i c_i x_i$',
      msc_fields: ['90'],
      publish_range: 'public',
      headcount: 3,
      commit: 1,
    });
    // The achievement area: a category and an accepted notebook with a formula, code and its output.
    const category = await call<{ id: number }>(adminToken, 'POST', 'category/save', {
      name_zh_cn: `巡检优化${suffix}`,
      name_zh_hk: `巡檢優化${suffix}`,
      name_en: `Checks ${suffix}`,
      sort: 0,
    });
    const notebook = await call<{ id: number }>(enterprise.token, 'POST', 'notebook/save', {
      title: `手机巡检笔记本${suffix.slice(-3)}`,
      description: '用 numpy 求最小二乘解',
      category_id: category.id,
      content: {
        nbformat: 4,
        nbformat_minor: 5,
        metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
        cells: [
          { cell_type: 'markdown', id: 'intro', metadata: {}, source: '## 最小二乘\n求 $\\min_x \\|Ax - b\\|_2^2$。' },
          {
            cell_type: 'code',
            id: 'fit',
            metadata: {},
            execution_count: 1,
            source: 'import numpy as np\nprint(np.arange(3))',
            outputs: [{ output_type: 'stream', name: 'stdout', text: '[0 1 2]\n' }],
          },
        ],
      },
    });
    await call(enterprise.token, 'POST', 'notebook/publish', { id: notebook.id });
    await call(enterprise.token, 'POST', 'notebook/contribute', { id: notebook.id });
    await call(adminToken, 'POST', 'notebook/review', { id: notebook.id, decision: 'accept' });
    fixtures = {
      notebookId: notebook.id,
      tokens: { enterprise: enterprise.token, institute: institute.token, admin: adminToken },
      demandId: saved.demand.id,
      wishId: wish.id,
      jobId: job.job.id,
      subjectId: subject.id,
    };
  }, 120_000);

  for (const locale of LOCALES) {
    it(`${locale}: every main screen fits 390 px with its header on screen, and axe finds nothing critical or serious`, async () => {
      const all = screens(fixtures);
      const findings: Finding[] = [];
      const errors: string[] = [];
      for (const who of Object.keys(all) as Who[]) {
        const token = who === 'visitor' ? null : fixtures.tokens[who];
        const result = await walk(browser(), PHONE, locale, who, token, all[who]);
        findings.push(...result.findings);
        errors.push(...result.errors);
      }
      for (const [who, paths] of Object.entries(wideScreens) as [Who, string[]][]) {
        const token = who === 'visitor' ? null : fixtures.tokens[who];
        const result = await walk(browser(), DESKTOP, locale, who, token, paths);
        findings.push(...result.findings);
        errors.push(...result.errors);
      }

      // Counts by impact over the pages of this locale (rule × page), for the record.
      const counts: Record<string, number> = {};
      const nodes: Record<string, number> = {};
      for (const finding of findings)
        for (const v of finding.violations) {
          const impact = v.impact ?? 'unknown';
          counts[impact] = (counts[impact] ?? 0) + 1;
          nodes[impact] = (nodes[impact] ?? 0) + v.nodes.length;
        }
      const slow = [...findings].sort((a, b) => b.ms - a.ms).slice(0, 5);
      console.info(
        `${locale}: ${findings.reduce((sum, f) => sum + f.ms, 0)} ms over the screens; slowest ${slow.map((f) => `${f.who} ${f.path} ${f.ms}`).join(', ')}`,
      );
      console.info(
        `axe ${locale}: ${findings.length} pages; violations (rule × page) ${JSON.stringify(counts)}; nodes ${JSON.stringify(nodes)}`,
      );

      const problems: string[] = [];
      for (const f of findings) {
        const where = `${f.locale} ${f.width}px ${f.who} ${f.path}`;
        if (f.overflow) problems.push(`${where}: overflows, ${f.overflow}`);
        if (f.header) problems.push(`${where}: header off screen: ${f.header.join('; ')}`);
        for (const v of f.violations)
          if (v.impact === 'critical' || v.impact === 'serious')
            problems.push(
              `${where}: axe ${v.impact} ${v.id}: ${v.nodes
                .slice(0, 4)
                .map((n) => n.target.join(' '))
                .join(
                  ' | ',
                )}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''} — ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`,
            );
      }
      expect(problems.join('\n')).toBe('');
      expect(errors).toEqual([]);
    }, 300_000);
  }

  it('on a phone the workspace menu is one row that shows the current page, and a page loaded afresh opens at its top', async () => {
    const context = await browser().newContext({
      baseURL: baseURL(),
      viewport: { width: PHONE.width, height: PHONE.height },
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies([{ name: TOKEN_COOKIE, value: fixtures.tokens.admin, url: baseURL() }]);
    const page = await context.newPage();
    /** Where the selected menu item sits within the row's visible part, and how tall the row is. */
    const menuRow = () =>
      page.evaluate(() => {
        const row = document.querySelector<HTMLElement>('.mb-side-nav');
        const item = row?.querySelector<HTMLElement>('.ant-menu-item-selected');
        if (!row || !item) return null;
        const rowBox = row.getBoundingClientRect();
        const itemBox = item.getBoundingClientRect();
        return {
          height: Math.round(rowBox.height),
          inView: itemBox.left >= rowBox.left - 1 && itemBox.right <= rowBox.right + 1,
          scrolls: row.scrollWidth > row.clientWidth,
        };
      });
    // The admin's menu is the longest; its last section is far off the first screen of the row.
    for (const path of ['/manage/logs', '/manage/todoList']) {
      await page.goto(path);
      await settle(page, path);
      await expect.poll(menuRow).toMatchObject({ inView: true, scrolls: true });
      expect((await menuRow())?.height).toBeLessThan(80);
    }

    // Scrolled to the foot of one page, then another opened afresh in the same tab: it starts at the top.
    await page.goto('/start');
    await settle(page, '/start');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.goto('/members');
    await settle(page, '/members');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  }, 60_000);
});

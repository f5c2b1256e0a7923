import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type {
  ArticleCategory,
  ConsultationPage,
  NewsDetail,
  Statistics,
  SubStatic,
} from '@mathbridge/contracts/content';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, newPhone, useBrowser } from './browser.ts';
import {
  call,
  certified,
  demandBody,
  horizontalOverflow,
  shoot as shootTo,
  shotsDir,
  signInAdmin,
} from './cooperation-api.ts';

const SHOTS = shotsDir('portal');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Page, name: string) => shootTo(page, SHOTS, name);
/** The messages shown under the consultation form's fields. */
const fieldErrors = (page: Page) => page.locator('.mb-consult-form .mb-field-error').allTextContents();

/** The counters a portal page shows, by the number's key (digits only: grouping is the locale's). */
async function counters(page: Page): Promise<Record<string, number>> {
  await page.locator('.mb-counter[data-number]').first().waitFor();
  return page.$$eval('.mb-counter[data-number]', (items) =>
    Object.fromEntries(
      items.map((item) => [
        item.getAttribute('data-number') ?? '',
        Number((item.querySelector('.mb-counter-value')?.textContent ?? '').replace(/\D/g, '')),
      ]),
    ),
  );
}

describeE2E('public portal, end to end', () => {
  const browser = useBrowser();

  it('a visitor sees the live numbers of index/statistics on /start, each role page its own numbers and /industry the published demands per sector', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    // Two certified enterprises (industry C, manufacturing) and an institute; two demands published in C, one in J.
    const enterprise = await certified(adminToken, 'Enterprise', `数桥门户制造${suffix}`);
    await certified(adminToken, 'Enterprise', `数桥门户物流${suffix}`);
    await certified(adminToken, 'ResearchInstitute', `门户数学研究院${suffix}`);
    for (const [title, industry] of [
      [`门户排产${suffix}`, 'C'],
      [`门户质检${suffix}`, 'C'],
      [`门户风控${suffix}`, 'J'],
    ] as const) {
      const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
        ...demandBody(title, { industry }),
        commit: 1,
      });
      await call(adminToken, 'POST', 'demand/review', { id: saved.demand.id, approve: 1 });
    }
    const stats = await call<Statistics>(null, 'GET', 'index/statistics');
    expect(stats.enterprises).toBeGreaterThanOrEqual(2);
    expect(stats.institutes).toBeGreaterThanOrEqual(1);
    expect(stats.demands_by_industry.find((row) => row.industry === 'C')?.count).toBeGreaterThanOrEqual(2);
    expect(stats.demands_by_industry.find((row) => row.industry === 'J')?.count).toBeGreaterThanOrEqual(1);

    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));

    // /start: the eight counters are index/statistics' numbers; the doughnuts draw once scrolled to.
    await page.goto('/start');
    const shown = await counters(page);
    const keys = [
      'enterprises',
      'institutes',
      'specialists',
      'students',
      'demands_published',
      'cooperations',
      'subjects',
      'directions',
    ] as const;
    expect(Object.keys(shown).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(shown[key], key).toBe(stats[key]);
    await page.locator('.mb-doughnut').first().scrollIntoViewIfNeeded();
    await poll(() => page.locator('.mb-doughnut-canvas canvas').count()).toBe(2);
    // The legend says the same numbers as text.
    expect(await page.locator('.mb-doughnut-legend').first().textContent()).toContain(String(stats.enterprises));
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    await shoot(page, 'start');

    // Role pages: index/getSubStatic?role= in its order, and a visitor is asked to sign up.
    for (const role of ['enterprise', 'researchinstitute', 'specialist', 'student'] as const) {
      const sub = await call<SubStatic>(null, 'GET', 'index/getSubStatic', { role });
      expect(sub.numbers.length).toBeGreaterThan(0);
      await page.goto(`/${role}`);
      await poll(() => page.locator('.mb-counter[data-number]').count()).toBe(sub.numbers.length);
      const order = await page.$$eval('.mb-counter[data-number]', (items) =>
        items.map((i) => i.getAttribute('data-number')),
      );
      expect(order).toEqual(sub.numbers.map((n) => n.key));
      const values = await counters(page);
      for (const { key, value } of sub.numbers) expect(values[key], `${role} ${key}`).toBe(value);
      expect(await page.locator('.mb-cta-band a[href="/signup"]').count()).toBe(1);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    }
    await shoot(page, 'role-student');

    // /industry: every sector with demands shows its count; the busiest sector comes first.
    await page.goto('/industry');
    await page.locator('.mb-industry-count').first().waitFor();
    for (const row of stats.demands_by_industry) {
      const text = await page.locator(`[data-industry="${row.industry}"] .mb-industry-count`).textContent();
      expect(text?.replace(/\D/g, ''), row.industry).toBe(String(row.count));
    }
    const top = [...stats.demands_by_industry].sort(
      (a, b) => b.count - a.count || a.industry.localeCompare(b.industry),
    )[0];
    expect(await page.locator('.mb-industry').first().getAttribute('data-industry')).toBe(top?.industry);
    await shoot(page, 'industry');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a visitor sends a consultation from /aboutUs after the form points out what is missing, and a burst of further messages meets the rate limit', async () => {
    const adminToken = await signInAdmin();
    const { context, page } = await newPage(browser(), 'en-US');
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: LOCALE_STORAGE_KEY,
      value: 'en-US',
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto('/aboutUs');
    const form = page.locator('.mb-consult-form');
    await form.waitFor();

    // Empty: the contract's messages on the required fields; a wrong mobile number is refused.
    await form.locator('button[type=submit]').click();
    await poll(async () => (await fieldErrors(page)).length).toBe(3);
    // The first missing field has the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('about-consult-consultation_name');
    await page.fill('#about-consult-consultation_phone', '12345');
    await page.locator('#about-consult-consultation_name').focus();
    expect(await page.getAttribute('#about-consult-consultation_phone', 'aria-invalid')).toBe('true');
    await poll(async () => (await fieldErrors(page)).join(' ')).toMatch(/correct phone number/);
    await shoot(page, 'consultation-invalid');

    const phone = newPhone();
    const name = `Visitor ${String(Date.now()).slice(-5)}`;
    const fill = async (content: string) => {
      await page.fill('#about-consult-consultation_name', name);
      await page.fill('#about-consult-consultation_phone', phone);
      await page.fill('#about-consult-consultation_email', 'visitor@example.com');
      await page.locator('.mb-consult-topics label', { hasText: 'Jobs' }).click();
      await page.fill('#about-consult-consultation_content', content);
    };
    await fill('We would like to discuss a scheduling problem.');
    await form.locator('button[type=submit]').click();
    await page.locator('.mb-consult-sent').waitFor();
    expect(await page.locator('.mb-consult-sent').textContent()).toContain('Thank you');
    await shoot(page, 'consultation-sent');

    // It reached the admins' inbox as sent.
    const inbox = await call<ConsultationPage>(adminToken, 'GET', 'content/consultation/list', {
      page: 1,
      page_size: 50,
    });
    const mine = inbox.items.find((item) => item.name === name);
    expect(mine).toMatchObject({ phone, topic: 'jobs', email: 'visitor@example.com', status: 'new' });

    // More messages from the same phone: a few pass, then the limit answers and the form says so.
    let limited = false;
    for (let attempt = 0; attempt < 6 && !limited; attempt += 1) {
      await page.getByRole('button', { name: 'Send another message' }).click();
      await fill(`Follow-up ${attempt + 1}`);
      await form.locator('button[type=submit]').click();
      await page.locator('.mb-consult-sent, .mb-consult-problem').first().waitFor();
      limited = (await page.locator('.mb-consult-problem').count()) > 0;
    }
    expect(limited).toBe(true);
    const problem = await page.locator('.mb-consult-problem').textContent();
    expect(problem).toContain('several messages in a short time');
    // What the visitor typed is still there to send later.
    expect(await page.inputValue('#about-consult-consultation_phone')).toBe(phone);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'consultation-limited');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
  it('a visitor finds articles on /news by category, keyword and page number, reads one with its formulas and view count, and an unknown article says it does not exist', async () => {
    const adminToken = await signInAdmin();
    const tag = `K${String(Date.now()).slice(-6)}`;
    const categories = await call<ArticleCategory[]>(null, 'GET', 'index/categories');
    const notice = categories.find((c) => c.slug === 'notice');
    if (!notice) throw new Error('notice category missing');
    // Eleven notices carrying the tag: two pages of nine when searched for it.
    const ids: number[] = [];
    for (let i = 1; i <= 11; i += 1) {
      const saved = await call<{ id: number }>(adminToken, 'POST', 'content/article/save', {
        category_id: notice.id,
        title: `${tag} 通知 ${i}`,
        summary: `第 ${i} 份通知的摘要`,
        author: '编辑部',
        body: `## 第 ${i} 份通知\n\n欧拉公式 $e^{i\\pi}+1=0$`,
        recommended: 0,
      });
      await call(adminToken, 'POST', 'content/article/publish', { id: saved.id });
      ids.push(saved.id);
    }

    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto('/news');
    await page.locator('.mb-news-tabs button', { hasText: notice.name_zh_cn }).click();
    await poll(() => new URL(page.url()).searchParams.get('category')).toBe('notice');
    await page.fill('.mb-news-search input', tag);
    await page.press('.mb-news-search input', 'Enter');
    await poll(() => page.locator('.mb-article-card').count()).toBe(9);
    expect(await page.locator('.mb-news-total').textContent()).toContain('11');
    // Newest first; the second page (in the URL) holds the last two.
    expect(await page.locator('.mb-article-title').first().textContent()).toBe(`${tag} 通知 11`);
    await page.locator('.mb-pager button', { hasText: '2' }).click();
    await poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await poll(() => page.locator('.mb-article-title').allTextContents()).toEqual([`${tag} 通知 2`, `${tag} 通知 1`]);
    await page.reload();
    await poll(() => page.locator('.mb-article-title').count()).toBe(2);
    await shoot(page, 'news-page-2');

    // The detail counts the view, renders the formula and links to its neighbour.
    const before = await call<NewsDetail>(adminToken, 'GET', 'index/getNewsDetail', { id: ids[1] });
    await page.locator('.mb-article-title a', { hasText: `${tag} 通知 2` }).click();
    await page.locator('#mb-news-title').waitFor();
    expect(await page.locator('#mb-news-title').textContent()).toBe(`${tag} 通知 2`);
    await page.locator('.mb-news-body .katex').first().waitFor();
    await poll(() => page.title()).toContain(`${tag} 通知 2`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('第 2 份通知的摘要');
    const views = Number(await page.locator('[data-views]').getAttribute('data-views'));
    expect(views).toBeGreaterThan(0);
    // The visitor's visit was counted.
    const after = await call<NewsDetail>(adminToken, 'GET', 'index/getNewsDetail', { id: ids[1] });
    expect(after.article.views).toBeGreaterThanOrEqual(before.article.views + 1);
    expect(await page.locator('.mb-news-neighbour').count()).toBeGreaterThan(0);
    await shoot(page, 'news-detail');

    await page.goto('/news/detail/987654321');
    await page.locator('.mb-news-missing').waitFor();
    expect(await page.locator('.mb-news-missing a[href="/news"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

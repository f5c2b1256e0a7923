import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ConsultationPage, Statistics, SubStatic } from '@mathbridge/contracts/content';
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
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALES, LOCALE_STORAGE_KEY, type Locale } from '@mathbridge/contracts/locales';
import { baseURL, describeE2E, newPage, useBrowser } from './browser.ts';
import { shoot, shotsDir } from './cooperation-api.ts';

/**
 * Issue 30, the phone's home screen: MathBridge installs as an app. A web manifest per locale that
 * the page links as the language changes, a service worker that controls the page, precaches the
 * shell and never answers /api, and an offline page in the reader's language when a navigation
 * finds no network.
 */

const NAMES: Record<Locale, string> = { 'zh-CN': '数桥', 'zh-HK': '數橋', 'en-US': 'MathBridge' };
const OFFLINE: Record<Locale, { heading: string; retry: string }> = {
  'zh-CN': { heading: '您已离线', retry: '重试' },
  'zh-HK': { heading: '您已離線', retry: '重試' },
  'en-US': { heading: 'You are offline', retry: 'Try again' },
};
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const manifestHref = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href') ?? null);

/** Opens /start and waits until the service worker is active and controls the page. */
async function openControlled(page: Page): Promise<void> {
  await page.goto('/start');
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toBe(`${baseURL()}/sw.js`);
  // clientsClaim: the first visit is controlled without a reload.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(script);
}

/** A phone (390 × 844) whose UI language is `locale`, chosen as the app keeps it (spec §9). */
async function phone(browser: Browser, locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: LOCALE_STORAGE_KEY,
    value: locale,
  });
  return { context, page: await context.newPage() };
}

describeE2E('the installable app: manifests, service worker, offline page (issue 30)', () => {
  const browser = useBrowser();

  it('links the manifest of the UI language, and switches it when the language changes', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/start');
    expect(await manifestHref(page)).toBe('/manifest.zh-CN.webmanifest');
    await page.locator('.mb-locale-trigger').first().click();
    await page.locator('button.mb-disclosure-item[lang="en-US"]').click();
    await expect.poll(() => manifestHref(page)).toBe('/manifest.en-US.webmanifest');
    // The stored choice holds on the next visit.
    await page.reload();
    await expect.poll(() => manifestHref(page)).toBe('/manifest.en-US.webmanifest');
    await context.close();
  });

  it('serves a manifest per locale that names the app in its language, with icons of the sizes it claims', async () => {
    for (const locale of LOCALES) {
      const response = await fetch(`${baseURL()}/manifest.${locale}.webmanifest`);
      expect(response.status, locale).toBe(200);
      expect(response.headers.get('content-type'), locale).toMatch(/^application\/manifest\+json/);
      expect(response.headers.get('cache-control'), locale).toBe('no-cache');
      const manifest = (await response.json()) as WebManifest;
      expect(manifest, locale).toMatchObject({
        // One app whichever manifest it was installed from.
        id: '/',
        name: NAMES[locale],
        short_name: NAMES[locale],
        lang: locale,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The theme tokens (app/theme.ts): brand blue, the page surface.
        theme_color: '#1f4fd1',
        background_color: '#f5f7fb',
      });
      expect(manifest.description, locale).toContain(NAMES[locale]);
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort(), locale).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const image = await fetch(new URL(icon.src, baseURL()));
        expect(image.status, icon.src).toBe(200);
        expect(image.headers.get('content-type'), icon.src).toBe('image/png');
        const png = Buffer.from(await image.arrayBuffer());
        // The PNG signature, then the IHDR chunk's width and height.
        expect(png.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    }
  });

  it('registers a service worker that controls the page, serves the shell from its cache and never answers /api', async () => {
    const { context, page } = await newPage(browser());
    await openControlled(page);
    // The shell: what index.html loads (not what the page loaded since, lazily).
    const html = await (await fetch(`${baseURL()}/start`)).text();
    const shell = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => `${baseURL()}${match[1]}`);
    expect(shell.length).toBeGreaterThan(0);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(request.url.replace(/\?.*$/, ''));
      }
      return urls;
    });
    for (const url of shell) expect(cached).toContain(url);
    expect(cached).toContain(`${baseURL()}/offline.html`);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);

    // Reloaded under the worker: the shell comes from its cache, every API call from the network.
    const answers: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (response) => answers.push({ url: response.url(), fromWorker: response.fromServiceWorker() }));
    await page.reload();
    await page.waitForLoadState('networkidle');
    for (const url of shell) expect(answers.find((a) => a.url === url)?.fromWorker, url).toBe(true);
    const api = answers.filter((a) => new URL(a.url).pathname.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((a) => a.fromWorker)).toEqual([]);
    // The calls leave the page as they did before the worker: the journeys' page.route still sees them.
    await page.route(
      '**/api/health',
      (route) => route.fulfill({ contentType: 'application/json', body: '{"routed":true}' }),
      {
        times: 1,
      },
    );
    expect(await page.evaluate(() => fetch('/api/health').then((response) => response.text()))).toBe('{"routed":true}');
    // Offline, an API call fails as it would without the worker: no cached answer stands in.
    await context.setOffline(true);
    const offlineCall = await page.evaluate(() =>
      fetch('/api/health').then(
        (response) => `answered ${response.status}`,
        (error: unknown) => `failed: ${String(error)}`,
      ),
    );
    expect(offlineCall).toMatch(/^failed/);
    await context.close();
  });

  it('answers a navigation without network with the offline page in the UI language, which retries', async () => {
    const dir = shotsDir('pwa-offline');
    for (const locale of LOCALES) {
      const { context, page } = await phone(browser(), locale);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      await openControlled(page);
      // Leave the app first: its own calls in flight when the network drops would fail in its
      // console (net::ERR_INTERNET_DISCONNECTED), and only the offline page's console is at stake.
      await page.goto('about:blank');

      await context.setOffline(true);
      problems.length = 0;
      const response = await page.goto('/news');
      expect(response?.status(), locale).toBe(200);
      expect(response?.fromServiceWorker(), locale).toBe(true);
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent(), { message: locale }).toBe(OFFLINE[locale].heading);
      expect(await heading.count(), locale).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang), locale).toBe(locale);
      expect(await page.title(), locale).toBe(`${NAMES[locale]} · ${OFFLINE[locale].heading}`);
      // Fits the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(390);
      // Run under the site's CSP (offline.js is a file, not an inline script): nothing refused.
      expect(problems, locale).toEqual([]);
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string; impact: string }[] }> };
          }
        ).axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        });
        return result.violations.map((v) => `${v.id} (${v.impact})`);
      });
      expect(violations, locale).toEqual([]);
      await shoot(page, dir, `offline-${locale}`);

      // Retry while still offline: the offline page again. Back online, the page retries by itself.
      const retry = page.getByRole('button', { name: OFFLINE[locale].retry });
      await Promise.all([page.waitForEvent('load'), retry.click()]);
      await expect.poll(() => heading.textContent()).toBe(OFFLINE[locale].heading);
      await context.setOffline(false);
      await expect.poll(() => page.locator('#root > *').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/news');
      expect(await page.getByRole('heading', { name: OFFLINE[locale].heading }).count()).toBe(0);
      await context.close();
    }
  });
});

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { CHROMIUM } from './global-setup.ts';

/** `describe` that skips (loudly, in global setup) when Chromium is missing. */
export const describeE2E: typeof describe = inject('browserAvailable') ? describe : (describe.skip as typeof describe);

export const baseURL = () => inject('baseURL');

/** One headless Chromium per test file; each test opens fresh contexts (separate cookies). */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('browser not started');
    return browser;
  };
}

export async function newPage(browser: Browser, locale = 'zh-CN'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), locale, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

let seq = 0;
/** A fresh mobile number per call, unique across runs of this process. */
export function newPhone(): string {
  seq += 1;
  return `137${String(process.pid % 10000).padStart(4, '0')}${String(seq).padStart(4, '0')}`;
}

/** The newest verification code sent to a phone (development outbox). */
export async function latestCode(phone: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/dev/outbox?to=${phone}`);
  const body = (await response.json()) as { result: { code: string }[] };
  const code = body.result[0]?.code;
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
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

/** Codes sent to a phone, newest first (development outbox). */
export async function sentCodes(phone: string): Promise<string[]> {
  const response = await fetch(`${baseURL()}/api/dev/outbox?to=${phone}`);
  const body = (await response.json()) as { result: { code: string }[] };
  return body.result.map((entry) => entry.code);
}

/** The newest code sent to a phone; waits briefly, since the UI's request may still be in flight. */
export async function latestCode(phone: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const codes = await sentCodes(phone);
    if (codes.length > after && codes[0]) return codes[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${phone}`);
}

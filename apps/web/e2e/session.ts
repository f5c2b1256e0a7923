import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, latestCode, newPhone } from './browser.ts';

/** Registers an account through the API (as a script would) and returns its credentials. */
export async function registerByApi(
  password = 'secret-e2e-1',
): Promise<{ phone: string; password: string; token: string }> {
  const phone = newPhone();
  const post = (path: string, body: object) =>
    fetch(`${baseURL()}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, ignore_sign: 1 }),
    }).then((r) => r.json() as Promise<{ status: number; result: { token: { access_token: string } } }>);
  expect((await post('user/sendVerifyCode', { phone, scene: 'register' })).status).toBe(200);
  const registered = await post('user/register', { phone, code: await latestCode(phone), password });
  expect(registered.status).toBe(200);
  return { phone, password, token: registered.result.token.access_token };
}

/** Signs in through the /signin screen and waits until the app has left it. */
export async function signInThroughUi(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.fill('#phone_details', phone);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** Visible validation messages under form fields. */
export const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allTextContents();

/**
 * Logs out through the avatar hover menu. A hover menu can close while the pointer travels to
 * the item on a busy machine; a person would hover again, and so does this.
 */
export async function logOutThroughMenu(page: Page, label: string | RegExp): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.hover('.mb-user-trigger');
    try {
      await page.getByRole('menuitem', { name: label }).click({ timeout: 5_000 });
      await page.waitForURL('**/signin**', { timeout: 10_000 });
      return;
    } catch {
      await page.mouse.move(0, 0);
    }
  }
  throw new Error('could not log out through the avatar menu');
}

import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { WECHAT_QR_POLL_MS, WECHAT_RETRY_MS, WECHAT_SCAN_SUCCESS_MS } from '@mathbridge/contracts/constants';
import { simulatorControl } from '../../server/src/test/wechat-simulator.ts';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { E2E_WECHAT_NICKNAME } from './global-setup.ts';
import { fieldErrors, registerByApi, signInThroughUi } from './session.ts';

/**
 * Binding WeChat (issue 13, spec §4, §9) in Chromium against the built server and the WeChat
 * simulator of global-setup: the QR code polled every 2 s, a failure retried after 4 s, closing
 * and reopening, the scan (played by the simulator), 'scan successful' for 2 s, the code from the
 * passive reply, bound with the nickname; then the account page's card and unbinding.
 */
const wechat = () => simulatorControl(inject('wechatSimulatorURL'));

/** Opens the dialog from the avatar menu (a hover menu: hover again if it closed on the way). */
async function openBindDialog(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.hover('.mb-user-trigger');
    try {
      await page.getByRole('menuitem', { name: '绑定微信' }).click({ timeout: 5_000 });
      await page.getByRole('dialog', { name: '绑定微信' }).waitFor({ timeout: 5_000 });
      return;
    } catch {
      await page.mouse.move(0, 0);
    }
  }
  throw new Error('could not open the WeChat dialog from the avatar menu');
}

/** Gaps between consecutive times, in ms. */
const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);

describeE2E('binding WeChat', () => {
  const browser = useBrowser();

  it('polls the QR code, retries a failure, scans, takes the code and binds; the account page unbinds', async () => {
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const polls: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/wechat/getQRcode')) polls.push(Date.now());
    });
    const { phone, password } = await registerByApi();
    await signInThroughUi(page, phone, password);

    // WeChat fails the first QR code: the error shows, and the call is retried about 4 s later.
    await wechat().failQrCreates(1);
    await openBindDialog(page);
    const dialog = page.getByRole('dialog', { name: '绑定微信' });
    await dialog.getByTestId('wechat-error').waitFor();
    expect(await dialog.getByTestId('wechat-error').textContent()).toContain('微信服务暂无响应');
    await dialog.locator('[data-testid=wechat-qr] canvas').waitFor({ timeout: WECHAT_RETRY_MS + 5_000 });
    expect(await dialog.getByTestId('wechat-error').count()).toBe(0);
    // The failure was shown in the dialog only, never as a pop-up message as well.
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const retryGap = polls[1]! - polls[0]!;
    expect(retryGap).toBeGreaterThan(WECHAT_RETRY_MS - 1_000);
    expect(retryGap).toBeLessThan(WECHAT_RETRY_MS + 2_500);

    // Waiting for the scan: a poll every ~2 s (a tolerance, not a benchmark).
    await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    for (const gap of gaps(polls.slice(1))) {
      expect(gap).toBeGreaterThan(WECHAT_QR_POLL_MS - 700);
      expect(gap).toBeLessThan(WECHAT_QR_POLL_MS + 2_000);
    }

    // Closing stops the polls and resets the dialog; reopening starts at step 0 again.
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    const afterClose = polls.length;
    await page.waitForTimeout(WECHAT_QR_POLL_MS * 2);
    expect(polls.length).toBe(afterClose);
    await openBindDialog(page);
    await dialog.locator('[data-testid=wechat-qr] canvas').waitFor();
    expect(await dialog.locator('.ant-steps-item-process').textContent()).toContain('扫码');
    expect(await dialog.getByTestId('wechat-error').count()).toBe(0);

    // The scan: WeChat calls the server, which answers the follower with the code.
    const openid = `o-nick-${phone}`;
    const scan = await wechat().scan({ latest: true, openid });
    expect(scan.status).toBe(200);
    expect(scan.code).toMatch(/^\d{6}$/);
    await dialog.getByText('扫码成功').waitFor({ timeout: WECHAT_QR_POLL_MS + 3_000 });
    const scannedAt = Date.now();
    await dialog.getByTestId('wechat-code').waitFor({ timeout: WECHAT_SCAN_SUCCESS_MS + 3_000 });
    expect(Date.now() - scannedAt).toBeGreaterThan(WECHAT_SCAN_SUCCESS_MS - 800);
    expect(await dialog.locator('.ant-steps-item-process').textContent()).toContain('输入验证码');

    // Step 1: the messaging-code rule, a wrong code, then the right one.
    const submit = dialog.getByRole('button', { name: /^绑\s*定$/ });
    await dialog.getByTestId('wechat-code').fill('12');
    await submit.click();
    await expect.poll(() => fieldErrors(page)).toContain('请输入正确的验证码');
    await dialog.getByTestId('wechat-code').fill(scan.code === '000000' ? '111111' : '000000');
    await submit.click();
    await expect.poll(() => fieldErrors(page)).toContain('验证码错误或已过期');
    // From the keyboard: the code field has the focus, Enter submits.
    await dialog.getByTestId('wechat-code').fill(scan.code!);
    expect(await dialog.getByTestId('wechat-code').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    // Step 2: bound, with the nickname and the first-binding greeting.
    await dialog.getByText('绑定成功').waitFor();
    expect(await dialog.textContent()).toContain(E2E_WECHAT_NICKNAME);
    expect(await dialog.textContent()).toContain('欢迎');
    await dialog.getByRole('button', { name: /^完\s*成$/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The account page shows the binding and unbinds it after a confirmation.
    await page.goto('/account/individual');
    const card = page.getByTestId('wechat-card');
    await card.getByText(`已绑定“${E2E_WECHAT_NICKNAME}”`).waitFor();
    await card.getByRole('button', { name: /解除绑定/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /解除绑定/ })
      .click();
    await card.getByText('尚未绑定微信', { exact: false }).waitFor();
    await card.getByRole('button', { name: /绑定微信/ }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

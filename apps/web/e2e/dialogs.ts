import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The dialog now open on top (a form dialog or a confirmation). */
export const openDialog = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal').last();

/**
 * Clicks the open dialog's primary button and waits for the dialog to close. It clicks only once the
 * dialog's opening animation is over (antd zooms it in; a click during the zoom was seen to be lost
 * on a busy machine). When the dialog stays, it says why: its field messages or an error toast.
 */
export async function confirmDialog(page: Page): Promise<void> {
  const open = openDialog(page);
  await open.waitFor();
  await expect
    .poll(() => open.getAttribute('class'), { timeout: 10_000 })
    .not.toMatch(/ant-zoom-appear|ant-zoom-enter/);
  await open.locator('.ant-modal-footer .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary').last().click();
  try {
    await open.waitFor({ state: 'hidden', timeout: 20_000 });
  } catch (error) {
    const shown = await page.locator('.ant-form-item-explain-error, .ant-message-notice').allTextContents();
    throw new Error(`the dialog did not close: ${JSON.stringify(shown)}`, { cause: error });
  }
}

import fs from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import yauzl from 'yauzl';
import { baseURL, describeE2E, newPage, useBrowser } from './browser.ts';
import { registerByApi } from './session.ts';

/** A real 1×1 PNG: the server sniffs the content, so it must be one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Text big enough that a throttled upload shows its progress for a few seconds. */
const NOTES = Buffer.from(
  Array.from({ length: 24_000 }, (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog\n`).join(''),
);

/** Signs a fresh user in by putting their token where the web app keeps it. */
async function signedInPage(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'mb_token', value: token, url: baseURL(), sameSite: 'Lax' }]);
}

/** Every entry of a zip file, by path. */
function unzip(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.set(entry.fileName, Buffer.alloc(0));
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** UI steps wait on a server round trip and a re-render; a second is too tight on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

const row = (page: Page, name: string) =>
  page.locator('.mb-file-table tbody tr', { has: page.getByText(name, { exact: true }) });
const uploadRow = (page: Page, name: string) =>
  page.locator('.mb-upload-row', { has: page.getByText(name, { exact: true }) });

describeE2E('the personal file space', () => {
  const browser = useBrowser();

  it('uploads with progress, creates a folder, renames, moves, deletes, restores and batch-downloads', async () => {
    const user = await registerByApi();
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signedInPage(context, user.token);

    // The account menu leads to "My files".
    await page.goto('/account/individual');
    await page.getByRole('link', { name: '我的文件' }).click();
    await page.waitForURL('**/account/files');
    await poll(() => page.getByRole('heading', { name: '我的文件' }).count()).toBe(1);
    await poll(() => page.getByText('此文件夹为空').count()).toBe(1);
    expect(await page.title()).toBe('我的文件 - 数桥');

    // Two uploads over a throttled link, so each row's progress bar is seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 10,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page.setInputFiles('[data-testid=file-upload-input]', [
      { name: 'chart.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: NOTES },
    ]);
    const notesRow = uploadRow(page, 'notes.txt');
    await poll(() => notesRow.getAttribute('data-upload-status')).toBe('uploading');
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          const now = Number(
            await notesRow
              .locator('[aria-valuenow]')
              .first()
              .getAttribute('aria-valuenow')
              .catch(() => 0),
          );
          if (now > 0 && now < 100) seen.add(now);
          return seen.size;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => notesRow.getAttribute('data-upload-status'), { timeout: 30_000 }).toBe('done');
    await poll(() => uploadRow(page, 'chart.png').getAttribute('data-upload-status')).toBe('done');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await poll(() => row(page, 'notes.txt').count()).toBe(1);
    await poll(() => row(page, 'chart.png').count()).toBe(1);
    // The quota bar counts what was stored.
    await poll(() => page.locator('.mb-quota').innerText()).toMatch(/已用 (\d+(\.\d)? KB|1\.\d MB) \/ 共 1 GB/);

    // Refusals are per file and in the user's language: checked before sending (type), and by the server (content).
    await page.setInputFiles('[data-testid=file-upload-input]', [
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ fake') },
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') },
    ]);
    await poll(() => uploadRow(page, 'setup.exe').locator('.mb-upload-error').innerText()).toContain('.exe');
    await poll(() =>
      uploadRow(page, 'fake.png')
        .locator('.mb-upload-error')
        .innerText()
        .catch(() => ''),
    ).toContain('.png');
    expect(await row(page, 'fake.png').count()).toBe(0);
    await page.getByRole('button', { name: '清除已完成' }).click();
    await poll(() => page.locator('.mb-upload-row').count()).toBe(0);

    // New folder.
    await page.getByRole('button', { name: '新建文件夹' }).click();
    await page.fill('#mb-file-name', 'Reports');
    await page
      .getByRole('button', { name: '创 建' })
      .or(page.getByRole('button', { name: '创建' }))
      .click();
    await poll(() => page.getByRole('button', { name: '打开文件夹 Reports' }).count()).toBe(1);

    // Rename: the extension stays, only the name before it is edited.
    await page.getByRole('button', { name: '重命名 notes.txt' }).click();
    await poll(() => page.inputValue('#mb-file-name')).toBe('notes');
    await page.fill('#mb-file-name', 'summary');
    await page
      .getByRole('button', { name: '保 存' })
      .or(page.getByRole('button', { name: '保存' }))
      .click();
    await poll(() => row(page, 'summary.txt').count()).toBe(1);
    expect(await row(page, 'notes.txt').count()).toBe(0);

    // Move it into the folder with the folder picker.
    await page.getByRole('button', { name: '移动 summary.txt' }).click();
    const picker = page.locator('.ant-modal').filter({ hasText: '移动“summary.txt”' });
    await picker.locator('.ant-tree-title', { hasText: 'Reports' }).click();
    await picker.getByRole('button', { name: '移动到此处' }).click();
    await poll(() => row(page, 'summary.txt').count()).toBe(0);
    await page.getByRole('button', { name: '打开文件夹 Reports' }).click();
    await poll(() => new URL(page.url()).searchParams.get('folder')).toMatch(/^\d+$/);
    await poll(() => row(page, 'summary.txt').count()).toBe(1);
    await page.locator('.mb-file-breadcrumb').getByRole('link', { name: '我的文件' }).click();
    await poll(() => row(page, 'chart.png').count()).toBe(1);

    // Delete (asks first) to the trash, then restore it from there.
    await page.getByRole('button', { name: '删除 chart.png' }).click();
    await page.getByRole('button', { name: '移入回收站' }).click();
    await poll(() => row(page, 'chart.png').count()).toBe(0);
    await page.getByRole('button', { name: '回收站', exact: true }).click();
    await poll(() => row(page, 'chart.png').count()).toBe(1);
    await page.getByRole('button', { name: '还原 chart.png' }).click();
    await poll(() => row(page, 'chart.png').count()).toBe(0);
    await poll(() => page.getByText('回收站为空').count()).toBe(1);
    await page.getByRole('button', { name: '返回文件列表' }).click();
    await poll(() => row(page, 'chart.png').count()).toBe(1);

    // The image opens in a preview dialog.
    await page.getByRole('button', { name: '预览 chart.png' }).click();
    const preview = page.locator('.ant-modal').filter({ hasText: '预览：chart.png' });
    await poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      1,
    );
    await preview.getByRole('button', { name: '关闭' }).first().click();

    // Select the image and the folder, download both as one zip, and compare the bytes.
    await page.getByRole('checkbox', { name: '选择 chart.png' }).check();
    await page.getByRole('checkbox', { name: '选择 Reports' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载（2）' }).click(),
    ]);
    const zipPath = await download.path();
    const entries = await unzip(zipPath);
    expect([...entries.keys()].sort()).toEqual(['Reports/', 'Reports/summary.txt', 'chart.png']);
    expect(entries.get('chart.png')?.equals(PNG)).toBe(true);
    expect(entries.get('Reports/summary.txt')?.equals(NOTES)).toBe(true);
    expect((await fs.stat(zipPath)).size).toBeGreaterThan(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});

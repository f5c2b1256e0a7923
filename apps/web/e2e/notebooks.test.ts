import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import type { NotebookCategory, NotebookDetail, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { baseURL, describeE2E, newPage, useBrowser } from './browser.ts';
import { call, certified, demandBody, horizontalOverflow, shoot, shotsDir, signInAdmin } from './cooperation-api.ts';
import { confirmDialog } from './dialogs.ts';
import { registerByApi, signInThroughUi } from './session.ts';

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

/** The .ipynb a user imports: a Markdown cell with a formula and a least-squares fit that plots. */
function leastSquaresNotebook(title: string): NotebookDocument {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' }, title },
    cells: [
      {
        cell_type: 'markdown',
        id: 'intro',
        metadata: {},
        source: ['# 最小二乘拟合\n', '求 $\\min_b \\lVert Xb - y \\rVert^2$。'],
      },
      {
        cell_type: 'code',
        id: 'fit',
        metadata: {},
        execution_count: null,
        outputs: [],
        source: [
          'import numpy as np\n',
          'import matplotlib.pyplot as plt\n',
          'x = np.linspace(0, 1, 20)\n',
          'y = 3 * x + 1\n',
          'slope, intercept = np.polyfit(x, y, 1)\n',
          "print(f'slope={slope:.2f}')\n",
          'fig, ax = plt.subplots(figsize=(4, 3))\n',
          "ax.plot(x, y, 'o')\n",
          'plt.show()\n',
        ],
      },
    ],
  };
}

/**
 * A real .zip holding one file, stored uncompressed: its local header and bytes, the central
 * directory that names it, and the end record (what the server's type sniffing and unzip read).
 */
function zipOf(name: string, text: string): Buffer {
  const fileName = Buffer.from(name, 'utf8');
  const data = Buffer.from(text, 'utf8');
  const le = (bytes: 2 | 4, value: number) => {
    const field = Buffer.alloc(bytes);
    if (bytes === 2) field.writeUInt16LE(value);
    else field.writeUInt32LE(value);
    return field;
  };
  // What the local header and the central directory both say: version 1.0, UTF-8 name, stored,
  // dated 1980-01-01 00:00, then the checksum, both sizes and the name's length, no extra field.
  const entry = Buffer.concat([
    le(2, 10),
    le(2, 0x0800),
    le(2, 0),
    le(2, 0),
    le(2, 0x21),
    le(4, crc32(data)),
    le(4, data.length),
    le(4, data.length),
    le(2, fileName.length),
    le(2, 0),
  ]);
  const local = Buffer.concat([le(4, 0x04034b50), entry, fileName, data]);
  // Made by version 2.0; no comment, disk 0, no attributes; the local header at offset 0.
  const central = Buffer.concat([
    le(4, 0x02014b50),
    le(2, 20),
    entry,
    le(2, 0),
    le(2, 0),
    le(2, 0),
    le(4, 0),
    le(4, 0),
    fileName,
  ]);
  const end = Buffer.concat([
    le(4, 0x06054b50),
    le(2, 0),
    le(2, 0),
    le(2, 1),
    le(2, 1),
    le(4, central.length),
    le(4, local.length),
    le(2, 0),
  ]);
  return Buffer.concat([local, central, end]);
}

/** The session token of a signed-in browser context (signing in there ends the API's session). */
async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'mb_token');
  expect(cookie).toBeDefined();
  return cookie?.value ?? '';
}

/** Kernels the user has running, as Jupyter's REST answers through the API's proxy. */
async function kernelsOf(token: string): Promise<unknown[]> {
  const response = await fetch(`${baseURL()}/api/kernels`, { headers: { 'X-MathBridge-Token': token } });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

/** Shuts down the user's kernels, so the next page or locale starts its own (one per user). */
async function shutDownKernels(token: string): Promise<void> {
  for (const kernel of (await kernelsOf(token)) as { id: string }[]) {
    const response = await fetch(`${baseURL()}/api/kernels/${kernel.id}`, {
      method: 'DELETE',
      headers: { 'X-MathBridge-Token': token },
    });
    expect(response.status).toBe(204);
  }
}

/** A teaching notebook as public course repositories hold them (also the renderer's unit-test fixture). */
const TEACHING_NOTEBOOK = new URL('../src/components/markdown/fixtures/newtons-method.ipynb', import.meta.url);

/** What the notebook's Markdown cells show, read by the browser once their images have loaded. */
const renderedMarkdown = (page: Page) =>
  page.evaluate(async () => {
    const cells = Array.from(document.querySelectorAll<HTMLElement>('.nb-cell .mb-markdown'));
    const images = cells.flatMap((cell) => Array.from(cell.querySelectorAll('img')));
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    // The text outside formulas and code, where a delimiter left unrendered would show.
    let prose = '';
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest('.katex, code, pre')) prose += node.textContent ?? '';
    }
    return {
      images: images.map((img) => ({ src: img.src.slice(0, 22), width: img.naturalWidth })),
      katex: cells.reduce((n, cell) => n + cell.querySelectorAll('.katex').length, 0),
      lineBreaks: cells.reduce((n, cell) => n + cell.querySelectorAll('br').length, 0),
      firstParagraph: cells[0]?.querySelector('p')?.innerText ?? '',
      prose,
    };
  });

/** The toast the page shows with this text. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

/**
 * Issue 12, end to end: a user imports an .ipynb, runs the cell that plots and sees the image,
 * saves, publishes and contributes it; an admin accepts it in the content manager; a visitor
 * finds it in /achievement and reads it with its outputs, without a kernel. Then /tryit: a visitor
 * is asked to sign in, a signed-in user runs the sample live.
 */
describeE2E('notebooks: import, run, publish, contribute, accept, read in /achievement; /tryit', () => {
  const browser = useBrowser();

  it('takes a notebook from an imported file to the achievement area', async () => {
    const shots = shotsDir('notebooks');
    const adminToken = await signInAdmin();
    const stamp = String(Date.now()).slice(-6);
    await call(adminToken, 'POST', 'category/save', {
      name_zh_cn: `数值优化${stamp}`,
      name_zh_hk: `數值優化${stamp}`,
      name_en: `Optimisation ${stamp}`,
      sort: 1,
    });
    const categories = await call<NotebookCategory[]>(null, 'GET', 'category/list');
    const category = categories.find((c) => c.name_en === `Optimisation ${stamp}`);
    expect(category).toBeDefined();

    // Running code is for certified users (issue 25: an unverified account is free to make).
    const user = await certified(adminToken, 'ResearchInstitute', `笔记本研究所${stamp}`);
    const title = `最小二乘 ${stamp}`;
    const { page, context } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(page, user.phone, user.password);
    const token = await tokenOf(context);

    // Import the file from "My notebooks": the editor opens on it.
    await page.goto('/account/notebooks');
    await page.locator('input[type=file]').setInputFiles({
      name: `${title}.ipynb`,
      mimeType: 'application/x-ipynb+json',
      buffer: Buffer.from(JSON.stringify(leastSquaresNotebook(title))),
    });
    await page.waitForURL(/\/notebooks\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('nb-cell').count()).toBe(2);
    await page.locator('.katex').first().waitFor();

    // Run the plotting cell: the kernel starts through /api/kernels and the PNG shows.
    const codeCell = page.getByTestId('nb-cell').nth(1);
    await codeCell.click();
    await page.getByTestId('run-cell').click();
    await poll(() => codeCell.locator('img[src^="data:image/png"]').count(), 60_000).toBe(1);
    await poll(() => codeCell.textContent()).toContain('slope=3.00');
    expect(await kernelsOf(token)).toHaveLength(1);

    // Title and category, then save: the outputs are saved into the notebook.
    await page.getByTestId('notebook-title').fill(title);
    const categorySelect = page.locator('#category_id, [data-testid="notebook-category"]').first();
    if (await categorySelect.count()) {
      await categorySelect.click();
      await page.locator('.ant-select-item-option', { hasText: category?.name_zh_cn ?? '' }).click();
    }
    await page.getByTestId('notebook-save').click();
    await poll(async () => {
      const saved = await call<{ content: NotebookDocument }>(token, 'GET', `notebook/detail/${id}`);
      const cell = saved.content.cells[1];
      return cell?.cell_type === 'code' ? cell.outputs.map((o) => o.output_type).sort() : [];
    }).toEqual(['display_data', 'stream']);
    await shoot(page, shots, 'editor-plot-zh-CN');

    // Export: the server's .ipynb (outputs included) downloads under the notebook's title.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('notebook-export').click()]);
    expect(download.suggestedFilename()).toBe(`${title}.ipynb`);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as NotebookDocument;
    expect(exported).toEqual(
      (await call<{ content: NotebookDocument }>(token, 'GET', `notebook/detail/${id}`)).content,
    );
    expect(exported.cells.map((c) => c.cell_type)).toEqual(['markdown', 'code']);
    // A refused export (the envelope's 304) says why, and the editor stays.
    await page.route(
      `**/api/notebook/export/${id}`,
      (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: 304, message: '您无权访问此内容', result: null }),
        }),
      { times: 1 },
    );
    await page.getByTestId('notebook-export').click();
    await toast(page, '无法导出此笔记本：您无权查看它，或它已被删除。').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/notebooks/${id}`);

    // Publish, then contribute.
    await page.getByTestId('notebook-publish').click();
    await poll(async () => (await call<{ state: string }>(token, 'GET', `notebook/detail/${id}`)).state).toBe(
      'published',
    );
    await page.getByTestId('notebook-contribute').click();
    if (await page.locator('.ant-modal-wrap:visible').count()) await confirmDialog(page);
    await poll(
      async () => (await call<{ contribution: string }>(token, 'GET', `notebook/detail/${id}`)).contribution,
    ).toBe('pending');

    // The admin accepts it in the content manager.
    const admin = await newPage(browser());
    await signInThroughUi(admin.page, inject('adminPhone'), inject('adminPassword'));
    await admin.page.goto('/manage/content/contributions');
    const row = admin.page.locator('tr', { hasText: title });
    await row.getByRole('button', { name: /^采\s*纳$/ }).click();
    await confirmDialog(admin.page);
    await poll(
      async () => (await call<{ contribution: string }>(token, 'GET', `notebook/detail/${id}`)).contribution,
    ).toBe('accepted');
    await admin.context.close();

    // A visitor finds it in the achievement area and reads it, plot included, without a kernel.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      const visitor = await newPage(browser(), locale);
      await visitor.page.addInitScript((l) => window.localStorage.setItem('mb_locale', l), locale);
      await visitor.page.goto('/achievement');
      await visitor.page.getByRole('link', { name: title }).first().click();
      await visitor.page.waitForURL(`**/achievement/${id}`);
      await poll(() => visitor.page.locator('img[src^="data:image/png"]').count()).toBe(1);
      await poll(() => visitor.page.locator('body').textContent()).toContain('slope=3.00');
      await shoot(visitor.page, shots, `achievement-detail-${locale}`);
      await visitor.page.goto('/achievement');
      await shoot(visitor.page, shots, `achievement-list-${locale}`);
      await visitor.context.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('the owner attaches a zip in the editor: it stays listed across visits and reloads, and deleting it keeps unsaved edits', async () => {
    const owner = await registerByApi();
    const stamp = String(Date.now()).slice(-6);
    // Made through the API before the browser signs in (signing in there ends the API's session).
    const notebook = await call<{ id: number }>(owner.token, 'POST', 'notebook/save', {
      title: `附件笔记本${stamp}`,
      content: leastSquaresNotebook('attachments'),
    });
    const name = `拟合数据${stamp}.zip`;
    const zip = zipOf('data/points.csv', 'x,y\n0,1\n1,4\n2,7\n');

    const { page, context } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(page, owner.phone, owner.password);
    const token = await tokenOf(context);
    const attachmentsOnServer = async () =>
      (await call<NotebookDetail>(token, 'GET', `notebook/detail/${notebook.id}`)).attachments;
    const titleInput = page.getByTestId('notebook-title');
    const rows = page.locator('.nb-attachments li');
    const listed = rows.filter({ hasText: name });
    // Attachments sit in the folded "description, cover and attachments" section.
    const openDetails = async () => {
      const details = page.locator('details.nb-details');
      if ((await details.getAttribute('open')) === null) await details.locator('> summary').click();
      await poll(() => details.getAttribute('open')).not.toBeNull();
    };
    /** To "My notebooks" by the editor's link and back in by the notebook's, without a reload. */
    const leaveAndComeBack = async (title: string) => {
      await page.getByRole('link', { name: '我的笔记本' }).click();
      await page.waitForURL('**/account/notebooks');
      await page.getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(`**/notebooks/${notebook.id}`);
    };
    await page.goto(`/notebooks/${notebook.id}`);
    await openDetails();

    // The owner picks the file as a person would, through the button's file chooser.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: '添加附件' }).click(),
    ]);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/notebook/upload_attachment')),
      chooser.setFiles({ name, mimeType: 'application/zip', buffer: zip }),
    ]);
    expect(((await answer.json()) as { status: number; message: string }).status).toBe(200);
    await listed.waitFor();
    expect((await attachmentsOnServer()).map((a) => ({ name: a.name, size: a.size }))).toEqual([
      { name, size: zip.length },
    ]);
    // Its link gives back the very bytes uploaded.
    const download = await context.request.get((await listed.getByRole('link').getAttribute('href')) ?? '');
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(zip)).toBe(true);

    // Still listed when the owner comes back from "My notebooks", and after a reload.
    await leaveAndComeBack(`附件笔记本${stamp}`);
    await listed.waitFor({ state: 'attached' });
    await page.reload();
    await listed.waitFor({ state: 'attached' });
    await openDetails();
    await listed.waitFor();
    expect(await rows.count()).toBe(1);

    // Deleted after a confirmation while the title has unsaved changes: the list and the server
    // lose the attachment, the editor keeps the typing.
    const renamed = `附件笔记本${stamp} 已整理`;
    await titleInput.fill(renamed);
    await listed.getByRole('button', { name: '删除', exact: true }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^删\s*除$/ })
      .click();
    await listed.waitFor({ state: 'detached' });
    await poll(attachmentsOnServer).toEqual([]);
    expect(await titleInput.inputValue()).toBe(renamed);

    // Saved, then seen again from "My notebooks" and after a reload: the new title, no attachment.
    await page.getByTestId('notebook-save').click();
    await toast(page, '笔记本已保存。').waitFor();
    await leaveAndComeBack(renamed);
    await poll(() => titleInput.inputValue()).toBe(renamed);
    expect(await rows.count()).toBe(0);
    await page.reload();
    await poll(() => titleInput.inputValue()).toBe(renamed);
    expect(await rows.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a teaching notebook from a public course reads as in Jupyter: its pasted figure, \\(…\\) formulas, sentences joined into paragraphs', async () => {
    const shots = shotsDir('notebook-markdown');
    const owner = await registerByApi();
    const reader = await registerByApi();
    /** Every formula of the fixture's four Markdown cells (render-markdown.test.ts counts them per cell). */
    const FORMULAS = 34;
    const expectJupyterRendering = async (page: Page) => {
      await poll(() => page.locator('.nb-cell .mb-markdown .katex').count()).toBe(FORMULAS);
      const shown = await renderedMarkdown(page);
      // The image pasted into the cell, from its attachments, loaded by the browser.
      expect(shown.images).toEqual([{ src: 'data:image/png;base64,', width: 240 }]);
      expect(shown.katex).toBe(FORMULAS);
      expect(shown.prose).not.toMatch(/\\[()[\]]|\\(?:begin|end)\{|\$/);
      // One sentence per line in the file, one paragraph on the page.
      expect(shown.lineBreaks).toBe(0);
      expect(shown.firstParagraph).toMatch(
        /^This notebook belongs to the course Numerical Analysis I\. It introduces /,
      );
    };

    // The owner imports the file: the editor shows its Markdown cells rendered.
    const { page, context } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(page, owner.phone, owner.password);
    await page.goto('/account/notebooks');
    await page.locator('input[type=file]').setInputFiles({
      name: 'newtons-method.ipynb',
      mimeType: 'application/x-ipynb+json',
      buffer: await readFile(TEACHING_NOTEBOOK),
    });
    await page.waitForURL(/\/notebooks\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expectJupyterRendering(page);
    await shoot(page, shots, 'editor-zh-CN');
    await call(await tokenOf(context), 'POST', 'notebook/publish', { id });
    expect(errors).toEqual([]);
    await context.close();

    // Another user reads the published notebook (the read-only view), in each locale and on a phone.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      const { page, context } = await newPage(browser(), locale);
      await page.addInitScript((l) => window.localStorage.setItem('mb_locale', l), locale);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await signInThroughUi(page, reader.phone, reader.password);
      await page.goto(`/notebooks/${id}`);
      await expectJupyterRendering(page);
      await shoot(page, shots, `reader-${locale}`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, shots, `reader-390-${locale}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 300_000);

  it('a failed availability check says what failed, and code runs once it answers, without a reload', async () => {
    const shots = shotsDir('kernel-check');
    const user = await certified(await signInAdmin(), 'ResearchInstitute', `检查研究所${Date.now()}`);
    // Each locale fails the check its own way, and recovers by another way the user has.
    const cases = [
      {
        locale: 'zh-CN',
        failure: 'network',
        texts: ['无法确认此处能否运行代码', '无法连接服务器（网络错误）。', '运行单元格或回到此标签页时会再次检查。'],
        recovery: 'run',
      },
      {
        locale: 'zh-HK',
        failure: 'network',
        texts: ['無法確認此處能否運行代碼', '無法連接伺服器（網絡錯誤）。', '運行單元格或返回此分頁時會再次檢查。'],
        recovery: 'return to the tab',
      },
      {
        locale: 'en-US',
        failure: 'timeout',
        texts: [
          'Could not find out whether code can run here',
          'The server did not answer within 5 seconds.',
          'It is checked again when you run a cell or come back to this tab.',
        ],
        recovery: 'check again',
      },
    ] as const;
    for (const { locale, failure, texts, recovery } of cases) {
      const { page, context } = await newPage(browser(), locale);
      await page.addInitScript((l) => window.localStorage.setItem('mb_locale', l), locale);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await signInThroughUi(page, user.phone, user.password);
      const token = await tokenOf(context);
      // The check fails (connection refused, or no answer: the client gives up after 5 s) until the server is back.
      let serverBack = false;
      await page.route('**/api/notebook/kernelInfo*', async (route) => {
        if (serverBack) await route.continue();
        else if (failure === 'network') await route.abort('connectionrefused');
        // No answer at all: the client's time-out ends the request.
      });
      await page.goto('/notebooks/new');
      const notice = page.getByTestId('kernel-check-failed');
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.getAttribute('data-failure')).toBe(failure);
      // Retried with backoff (1 + 2 + 4 s) before it waits for the user.
      await poll(() => notice.textContent(), 60_000).toContain(texts[2]);
      for (const text of texts) expect(await notice.textContent()).toContain(text);
      // Whether code can run is unknown, not "no": the run buttons stay on, a run checks again.
      expect(await page.getByTestId('run-all').isEnabled()).toBe(true);
      await shoot(page, shots, `kernel-check-failed-${locale}`, false);

      serverBack = true;
      const codeCell = page.getByTestId('nb-cell').first();
      if (recovery === 'run') {
        await codeCell.locator('.cm-content').click();
        await page.keyboard.type('print(6 * 7)');
        await page.getByTestId('run-cell').click();
        await poll(() => codeCell.textContent(), 60_000).toContain('42');
      } else if (recovery === 'return to the tab') {
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      } else {
        await notice.getByTestId('kernel-recheck').click();
      }
      await notice.waitFor({ state: 'detached' });
      await page.getByTestId('kernel-status').waitFor();
      expect(await page.getByTestId('run-all').isEnabled()).toBe(true);
      await shoot(page, shots, `kernel-check-recovered-${locale}`, false);
      expect(errors).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
      await shutDownKernels(token);
    }
  }, 300_000);

  it('/tryit: a visitor is asked to sign in; a signed-in user runs the sample live', async () => {
    const shots = shotsDir('tryit');
    const visitor = await newPage(browser());
    await visitor.page.goto('/tryit');
    await visitor.page.getByTestId('tryit-signin').waitFor();
    // The pre-rendered results show without a kernel.
    await poll(() => visitor.page.locator('img[src^="data:image/png"]').count()).toBe(1);
    await visitor.context.close();

    const user = await certified(await signInAdmin(), 'ResearchInstitute', `试运行研究所${Date.now()}`);
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      const { page, context } = await newPage(browser(), locale);
      await page.addInitScript((l) => window.localStorage.setItem('mb_locale', l), locale);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await signInThroughUi(page, user.phone, user.password);
      const token = await tokenOf(context);
      await page.goto('/tryit');
      await page.getByTestId('run-all').click();
      await poll(() => kernelsOf(token).then((k) => k.length), 60_000).toBe(1);
      await poll(() => page.getByTestId('kernel-status').getAttribute('class'), 60_000).toContain('nb-status-idle');
      await poll(() => page.locator('img[src^="data:image/png"]').count(), 60_000).toBe(1);
      await poll(() => page.locator('body').textContent()).toContain('slope = 1.5467');
      await shoot(page, shots, `tryit-${locale}`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, shots, `tryit-390-${locale}`);
      expect(errors).toEqual([]);
      await context.close();
      // One kernel per user: shut this one down so the next locale starts its own.
      for (const kernel of (await kernelsOf(token)) as { id: string }[]) {
        const response = await fetch(`${baseURL()}/api/kernels/${kernel.id}`, {
          method: 'DELETE',
          headers: { 'X-MathBridge-Token': token },
        });
        expect(response.status).toBe(204);
      }
    }
  }, 300_000);

  it('a notebook delivered on a solution: the enterprise opens it and re-runs it', async () => {
    const shots = shotsDir('deliverable');
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const enterprise = await certified(adminToken, 'Enterprise', `交付企业${suffix}有限公司`);
    const institute = await certified(adminToken, 'ResearchInstitute', `交付研究所${suffix}`);
    const demand = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
      ...demandBody(`交付需求${suffix.slice(-3)}`),
      commit: 1,
    });
    await call(adminToken, 'POST', 'demand/review', { id: demand.demand.id, approve: 1 });
    await call(institute.token, 'POST', 'demand/receive', { id: demand.demand.id, accept_nda: 1 });
    const solution = await call<{ id: number }>(institute.token, 'POST', 'solution/save', {
      demand_id: demand.demand.id,
      approach: '混合整数规划',
      team: '3 名研究员',
      timeline: '3 个月',
      cost_estimate: 200000,
      commit: 1,
    });
    // The institute delivers a notebook onto its solution (a frozen copy).
    const notebook = await call<{ id: number }>(institute.token, 'POST', 'notebook/save', {
      title: `排产模型${suffix}`,
      content: {
        nbformat: 4,
        nbformat_minor: 5,
        metadata: {},
        cells: [
          {
            cell_type: 'code',
            id: 'answer',
            metadata: {},
            execution_count: null,
            outputs: [],
            source: 'import numpy as np\nprint("makespan", int(np.arange(7).sum() * 2))',
          },
        ],
      },
    });
    const delivered = await call<{ id: number }>(institute.token, 'POST', 'notebook/attach', {
      notebook_id: notebook.id,
      target: 'solution',
      target_id: solution.id,
    });

    // The enterprise opens it from its side and runs it live.
    const { page, context } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(page, enterprise.phone, enterprise.password);
    const token = await tokenOf(context);
    await page.goto(`/notebooks/deliverable/${delivered.id}`);
    await page.getByTestId('deliverable-run').click();
    await page.getByTestId('run-all').click();
    await poll(() => page.locator('body').textContent(), 60_000).toContain('makespan 42');
    await shoot(page, shots, 'deliverable-run-zh-CN');
    for (const kernel of (await kernelsOf(token)) as { id: string }[]) {
      await fetch(`${baseURL()}/api/kernels/${kernel.id}`, {
        method: 'DELETE',
        headers: { 'X-MathBridge-Token': token },
      });
    }
    expect(errors).toEqual([]);
    await context.close();

    // Nobody outside the cooperation reads it.
    const outsider = await registerByApi();
    await expect(call(outsider.token, 'GET', `notebook/deliverable/${delivered.id}`)).rejects.toThrow(/: 304 /);
  }, 300_000);
  it("a draft's public link tells a visitor plainly that it is not public, in every locale, without sending them to sign in", async () => {
    const shots = shotsDir('notebook-not-public');
    const owner = await registerByApi();
    const draft = await call<{ id: number; state: string }>(owner.token, 'POST', 'notebook/save', {
      title: `未公开草稿${Date.now()}`,
      content: leastSquaresNotebook('draft'),
    });
    expect(draft.state).toBe('draft');
    const texts = {
      'zh-CN': ['这个笔记本未公开', '只有收录到成果区的笔记本对所有人开放', '浏览成果区'],
      'zh-HK': ['這個筆記本未公開', '只有收錄到成果區的筆記本對所有人開放', '瀏覽成果區'],
      'en-US': [
        'This notebook is not public',
        'Only notebooks accepted into the achievement area',
        'Browse the achievement area',
      ],
    };
    for (const [locale, [title, text, browse]] of Object.entries(texts)) {
      const visitor = await newPage(browser(), locale);
      const errors: string[] = [];
      visitor.page.on('pageerror', (error) => errors.push(String(error)));
      await visitor.page.addInitScript((l) => window.localStorage.setItem('mb_locale', l), locale);
      await visitor.page.goto(`/achievement/${draft.id}`);
      const state = visitor.page.getByTestId('achievement-not-public');
      await poll(() => state.count()).toBe(1);
      expect(await state.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await state.textContent()).toContain(text);
      // It stays: no "please sign in" notice, no trip to /signin.
      await visitor.page.waitForLoadState('networkidle');
      expect(new URL(visitor.page.url()).pathname).toBe(`/achievement/${draft.id}`);
      expect(await visitor.page.locator('.ant-message-notice').count()).toBe(0);
      await shoot(visitor.page, shots, `not-public-${locale}`);
      await state.getByRole('link', { name: browse }).click();
      await visitor.page.waitForURL('**/achievement');
      expect(errors).toEqual([]);
      await visitor.context.close();
    }
  }, 120_000);
});

import { deflateSync } from 'node:zlib';
import { expect, inject, it } from 'vitest';
import type { ArticleCategory, Banner, ManualPage, SitePage } from '@mathbridge/contracts/content';
import { baseURL, describeE2E, newPage, useBrowser } from './browser.ts';
import { call, chooseSelect, horizontalOverflow, shoot, shotsDir, signInAdmin } from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real 300×180 PNG (the cover size the form advises): a blue band over white. */
function coverPng(): Buffer {
  const width = 300;
  const height = 180;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const blue = y > 60 && y < 120;
      rows.set(blue ? [22, 119, 255] : [255, 255, 255], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Issue 11, end-to-end journey 1: an admin writes a news article in the content manager (category,
 * cover image, a Markdown body with a formula) and publishes it; a visitor who is not signed in
 * finds it on /news and reads it, the formula drawn by KaTeX and the view count shown.
 */
describeE2E('an admin publishes a news article and a visitor reads it', () => {
  const browser = useBrowser();

  it('publishes through the content manager; a visitor reads it on /news', async () => {
    const shots = shotsDir('content');
    const adminToken = await signInAdmin();
    const categories = await call<ArticleCategory[]>(adminToken, 'GET', 'content/category/list');
    const news = categories.find((category) => category.slug === 'news');
    expect(news, 'the seeded news category').toBeDefined();
    const title = `数学建模周报 ${String(Date.now()).slice(-6)}`;

    // The admin writes the article in the browser.
    const admin = await newPage(browser());
    const errors: string[] = [];
    admin.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(admin.page, inject('adminPhone'), inject('adminPassword'));
    await admin.page.goto('/manage/content/articles');
    await admin.page.getByRole('link', { name: '新建文章' }).first().click();
    await admin.page.waitForURL('**/manage/content/articles/0');
    await admin.page.fill('#title', title);
    await chooseSelect(admin.page, 'category_id', news?.name_zh_cn ?? '');
    await admin.page.fill('#summary', '本周的建模竞赛与讲座一览。');
    await admin.page.fill('#author', '平台编辑部');
    await admin.page.setInputFiles('[data-testid="article-cover-input"]', {
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: coverPng(),
    });
    const coverPreview = admin.page.locator('.mb-content-cover-preview img');
    await poll(() => coverPreview.getAttribute('src')).toMatch(/\/api\/index\/cover\/\d+/);
    await admin.page.fill('#body', '## 本周要点\n\n最小化目标函数 $x^2$，并讨论其约束。');
    // The live preview draws the formula as the admin types.
    await poll(() => admin.page.locator('.mb-md-preview .katex').count()).toBeGreaterThan(0);
    await shoot(admin.page, shots, 'admin-article-form');
    await admin.page.getByRole('button', { name: '立即发布' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/manage/content/articles');
    const row = admin.page.locator('.ant-table-row', { hasText: title });
    await poll(() => row.count()).toBe(1);
    await poll(() => row.locator('.ant-tag', { hasText: '已发布' }).count()).toBe(1);
    const href = await row.getByRole('link', { name: title }).getAttribute('href');
    const id = Number(/\/(\d+)$/.exec(href ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    await shoot(admin.page, shots, 'admin-articles-list');
    expect(errors).toEqual([]);
    await admin.context.close();

    // A visitor, not signed in, finds it on /news and reads it.
    const visitor = await newPage(browser());
    const visitorErrors: string[] = [];
    visitor.page.on('pageerror', (error) => visitorErrors.push(String(error)));
    await visitor.page.goto('/news');
    const listed = visitor.page.getByRole('link', { name: title }).first();
    await poll(() => listed.count()).toBeGreaterThan(0);
    await shoot(visitor.page, shots, 'visitor-news');
    await listed.click();
    await visitor.page.waitForURL(`**/news/detail/${id}`);
    await poll(() => visitor.page.locator('h1').first().textContent()).toContain(title);
    // The formula is drawn by KaTeX, not left as "$x^2$".
    const formula = visitor.page.locator('.mb-markdown .katex').first();
    await poll(() => formula.count()).toBe(1);
    expect(await formula.locator('.katex-mathml annotation').textContent()).toBe('x^2');
    // The view count shows, and counts this visit.
    const views = visitor.page.locator('.mb-news-meta [data-views]');
    await poll(() => views.count()).toBe(1);
    const seen = Number(await views.getAttribute('data-views'));
    expect(seen).toBeGreaterThanOrEqual(1);
    expect(await views.textContent()).toContain(`${seen} 次浏览`);
    // Every read counts: one more through the API.
    const detail = await call<{ article: { views: number } }>(null, 'GET', 'index/getNewsDetail', { id });
    expect(detail.article.views).toBe(seen + 1);
    await shoot(visitor.page, shots, 'visitor-news-detail');

    // At phone width the article reads without sideways scrolling.
    await visitor.page.setViewportSize({ width: 390, height: 844 });
    await visitor.page.reload();
    await poll(() => visitor.page.locator('.mb-markdown .katex').count()).toBe(1);
    expect(await horizontalOverflow(visitor.page)).toBeLessThanOrEqual(0);
    await shoot(visitor.page, shots, 'visitor-news-detail-390');
    expect(visitorErrors).toEqual([]);
    await visitor.context.close();
  }, 180_000);

  it('manages categories, banners, the manual, the micro-site and the consultation inbox', async () => {
    const shots = shotsDir('content-manager');
    const suffix = String(Date.now()).slice(-5);
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(page, inject('adminPhone'), inject('adminPassword'));
    const save = () =>
      page
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /保\s*存/ })
        .click();

    // A category: a taken slug is said on its field; then created, and deleted after a confirmation.
    await page.goto('/manage/content/categories');
    await page.getByRole('button', { name: '新建分类' }).click();
    await page.fill('#name_zh_cn', `竞赛${suffix}`);
    await page.fill('#name_zh_hk', `競賽${suffix}`);
    await page.fill('#name_en', `Contests ${suffix}`);
    await page.fill('#slug', 'news');
    await save();
    await poll(() => page.locator('.ant-form-item', { has: page.locator('#slug') }).textContent()).toContain(
      '已有栏目使用该代码',
    );
    await page.fill('#slug', `contests-${suffix}`);
    await save();
    const row = page.locator('.ant-table-row', { hasText: `contests-${suffix}` });
    await poll(() => row.count()).toBe(1);
    // Built-in categories cannot be deleted.
    const newsRow = page.locator('.ant-table-row', { hasText: 'news' }).first();
    expect(await newsRow.getByRole('button', { name: /删\s*除/ }).isDisabled()).toBe(true);
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await poll(() => row.count()).toBe(0);

    // A banner with its image; switched off, visitors no longer get it.
    await page.goto('/manage/content/banners');
    await page.getByRole('button', { name: '新建横幅' }).first().click();
    const bannerTitle = `建模挑战赛${suffix}`;
    await page.fill('#title', bannerTitle);
    await page.setInputFiles('[data-testid="banner-image-input"]', {
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: coverPng(),
    });
    await poll(() => page.locator('.ant-modal .mb-content-cover-preview img').count()).toBe(1);
    await page.fill('#link', '/service');
    await save();
    const bannerRow = page.locator('.ant-table-row', { hasText: bannerTitle });
    await poll(() => bannerRow.count()).toBe(1);
    const publicBanners = () =>
      call<Banner[]>(null, 'GET', 'index/getBanner').then((list) => list.map((banner) => banner.title));
    expect(await publicBanners()).toContain(bannerTitle);
    await bannerRow.getByRole('switch').click();
    await poll(() => bannerRow.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await poll(publicBanners).not.toContain(bannerTitle);
    await shoot(page, shots, 'banners');

    // A manual page for students, read through index/userManual.
    await page.goto('/manage/content/manual?audience=Student');
    await page.getByRole('button', { name: '新建页面' }).first().click();
    const manualTitle = `学生入门${suffix}`;
    await page.fill('#title', manualTitle);
    await page.fill('#body', '加入研究方向后，在 **研究问题** 中解答 $\\sum x_i$。');
    await save();
    await poll(() => page.locator('.ant-table-row', { hasText: manualTitle }).count()).toBe(1);
    const manual = await call<ManualPage[]>(null, 'GET', 'index/userManual', { role: 'Student' });
    expect(manual.map((item) => item.title)).toContain(manualTitle);

    // The micro-site's team page.
    await page.goto('/manage/content/site');
    // The tab switch renders in a transition: wait until the team tab (and with it the team's
    // form) is the one shown, or the typing lands in the home page's form that is going away.
    await page.getByRole('tab', { name: '团队' }).click();
    await poll(() => page.getByRole('tab', { name: '团队' }).getAttribute('aria-selected')).toBe('true');
    await page.fill('#title', `研究团队${suffix}`);
    await page.fill('#body', '## 成员\n\n共 $n=12$ 人。');
    await page
      .locator('.mb-content-form-actions')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await poll(() =>
      call<SitePage>(null, 'GET', 'index/getSitePage', { slug: 'team' }).then((site) => site.title),
    ).toBe(`研究团队${suffix}`);

    // A visitor's consultation reaches the inbox; the admin handles it with a reply note.
    const name = `访客${suffix}`;
    const sent = await fetch(`${baseURL()}/api/index/addConsultation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        phone: `139${suffix}${suffix.slice(0, 3)}`,
        topic: 'cooperation',
        content: '想了解排产优化的合作方式。',
        ignore_sign: 1,
      }),
    }).then((r) => r.json() as Promise<{ status: number }>);
    expect(sent.status).toBe(200);
    await page.goto('/manage/content/consultations');
    await poll(() => page.locator('.mb-content-nav-badge').count()).toBe(1);
    const inboxRow = page.locator('.ant-table-row', { hasText: name });
    await poll(() => inboxRow.count()).toBe(1);
    await inboxRow.getByRole('button', { name: '标记为已处理' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '处理咨询' });
    // The reply note is required.
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '标记为已处理' }).click();
    await poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBe(1);
    await page.fill('#reply_note', '已电话回复，约定面谈。');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '标记为已处理' }).click();
    await poll(() => inboxRow.count()).toBe(0);
    await page.getByRole('tab', { name: /已处理/ }).click();
    const handled = page.locator('.ant-table-row', { hasText: name });
    await poll(() => handled.textContent()).toContain('已电话回复，约定面谈。');
    await shoot(page, shots, 'consultations-handled');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

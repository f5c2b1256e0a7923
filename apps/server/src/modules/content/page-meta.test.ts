import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi, useTestApp } from '../../test/harness.ts';
import { signInAdmin, type TestUser } from '../identity/identity.fixtures.ts';
import { newArticle } from './content.fixtures.ts';

/**
 * Server-side page meta: /news/detail/{id} of a visible article is sent as index.html with the
 * article's title, description and og: tags (crawlers and link previews run no script); every
 * other path, and an article visitors may not see, gets the built index.html as it is.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-web-meta-'));
const html = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="数桥 MathBridge：连接企业与数学专家的合作平台。" />
    <title>数桥</title>
    <script type="module" src="/assets/index-AbC123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
fs.writeFileSync(path.join(dist, 'index.html'), html);
fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(html));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describeApi('page meta for crawlers (issue 11)', () => {
  const t = useTestApp({ WEB_DIST: dist });
  let admin: TestUser;
  let newsId: number;
  beforeAll(async () => {
    admin = await signInAdmin(t());
    newsId = (
      await t()
        .ctx.db.selectFrom('content_categories')
        .select('id')
        .where('slug', '=', 'news')
        .executeTakeFirstOrThrow()
    ).id;
  });
  const page = (url: string, locale = 'zh-CN') =>
    t().app.inject({ method: 'GET', url, headers: { 'accept-language': locale } });

  it('a visible article: its title with the brand of the locale, its summary, og: tags; markup escaped', async () => {
    const article = await newArticle(t().app, admin, newsId, {
      form: { title: '矩阵 <A&B> "分解"', summary: '一篇关于矩阵分解的综述' },
    });
    const reply = await page(`/news/detail/${article.id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body).toContain('<title>矩阵 &lt;A&amp;B&gt; &quot;分解&quot; - 数桥</title>');
    expect(reply.body).toContain('<meta name="description" content="一篇关于矩阵分解的综述" />');
    expect(reply.body).toContain('<meta property="og:title" content="矩阵 &lt;A&amp;B&gt; &quot;分解&quot; - 数桥" />');
    expect(reply.body).toContain('<meta property="og:type" content="article" />');
    expect(reply.body.match(/<title>/g)).toHaveLength(1);
    expect(reply.body.match(/name="description"/g)).toHaveLength(1);
    expect(reply.body).toContain('<script type="module" src="/assets/index-AbC123.js"></script>');
    expect((await page(`/news/detail/${article.id}`, 'en-US')).body).toContain(' - MathBridge</title>');
    expect((await page(`/news/detail/${article.id}`, 'zh-HK')).body).toContain(' - 數橋</title>');
  });

  it('without a summary the description is the start of the body as plain text', async () => {
    const article = await newArticle(t().app, admin, newsId, {
      form: { title: '无摘要', summary: '', body: '## 引言\n**数学**连接[产业](https://example.com)。$$x^2$$ 结束' },
    });
    const reply = await page(`/news/detail/${article.id}`);
    expect(reply.body).toContain('<meta name="description" content="引言 数学连接产业。 结束" />');
  });

  it('drafts, unknown ids and every other path get the built index.html unchanged', async () => {
    const draft = await newArticle(t().app, admin, newsId, { publish: false, form: { title: '草稿标题' } });
    for (const url of [`/news/detail/${draft.id}`, '/news/detail/999999', '/news/detail/abc', '/news', '/start']) {
      const reply = await page(url);
      expect([url, reply.statusCode, reply.body]).toEqual([url, 200, html]);
    }
  });
});

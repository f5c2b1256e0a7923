import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import {
  SYSTEM_CATEGORY_SLUGS,
  type Article,
  type ArticleCategory,
  type ArticlePage,
  type ArticleSummary,
  type Banner,
  type ConsultationItem,
  type ConsultationPage,
  type ManualPage,
  type NewsDetail,
  type SitePage,
} from '@mathbridge/contracts/content';
import type { Page } from '@mathbridge/contracts/pagination';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { call, describeApi, inParallel, newPhone, settledValues, useTestApp } from '../../test/harness.ts';
import { newUser, signInAdmin, type TestUser } from '../identity/identity.fixtures.ts';
import { get, ok, post } from '../demands/demands.fixtures.ts';
import { exe, upload } from '../files/files.fixtures.ts';
import { gif } from '../../test/file-fixtures.ts';
import { articleForm, newArticle, uploadImage } from './content.fixtures.ts';

type Errors = { errors: { field: string; code: string; message: string }[] };

describeApi('public portal and content manager (issue 11)', () => {
  const t = useTestApp();
  const app = () => t().app;
  let admin: TestUser;
  /** A signed-in user who is not an admin. */
  let user: TestUser;
  let categories: ArticleCategory[];
  const category = (slug: string) => categories.find((c) => c.slug === slug)!;

  beforeAll(async () => {
    admin = await signInAdmin(t());
    user = await newUser(app());
    categories = (await call<ArticleCategory[]>(app(), 'GET', 'index/categories')).result;
  });

  const visitorDetail = (id: number, token?: string) =>
    call<NewsDetail>(app(), 'GET', 'index/getNewsDetail', { id }, { token, locale: 'en-US' });
  const newsList = (params: Record<string, unknown> = {}) =>
    call<ArticlePage>(app(), 'GET', 'index/getNewsList', params as never).then((r) => r.result);
  const image = (id: number, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url: `/api/index/cover/${id}`, headers });
  const audits = (action: string) =>
    t().ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).execute();

  describe('who may call', () => {
    const ADMIN_CALLS: [string, 'GET' | 'POST'][] = [
      ['content/article/list', 'GET'],
      ['content/article/detail/1', 'GET'],
      ['content/article/save', 'POST'],
      ['content/article/publish', 'POST'],
      ['content/article/withdraw', 'POST'],
      ['content/article/delete', 'POST'],
      ['content/category/list', 'GET'],
      ['content/category/save', 'POST'],
      ['content/category/delete', 'POST'],
      ['content/banner/list', 'GET'],
      ['content/banner/save', 'POST'],
      ['content/banner/delete', 'POST'],
      ['content/manual/list', 'GET'],
      ['content/manual/save', 'POST'],
      ['content/manual/delete', 'POST'],
      ['content/site/list', 'GET'],
      ['content/site/save', 'POST'],
      ['content/consultation/list', 'GET'],
      ['content/consultation/handle', 'POST'],
    ];

    it('signed out: every content/* call and checkStep are 305; the index/* reads answer', async () => {
      for (const [path, method] of [...ADMIN_CALLS, ['index/checkStep', 'GET'] as const])
        expect([path, (await call(app(), method, path, { id: 1 })).status]).toEqual([path, 305]);
      for (const path of [
        'index/statistics',
        'index/getBanner',
        'index/getNewsList',
        'index/getRecomendArticle',
        'index/userManual',
        'index/categories',
      ])
        expect([path, (await call(app(), 'GET', path)).status]).toEqual([path, 200]);
      expect((await upload(app(), undefined, 'c.png', gif(), {}, { path: 'content/upload_cover' })).status).toBe(305);
    });

    it('a signed-in non-admin (certified or not) gets 304 on every content/* call, the upload included', async () => {
      for (const [path, method] of ADMIN_CALLS)
        expect([path, (await call(app(), method, path, { id: 1 }, { token: user.token })).status]).toEqual([path, 304]);
      const reply = await upload(app(), user.token, 'cover.png', gif(), {}, { path: 'content/upload_cover' });
      expect(reply.status).toBe(304);
    });
  });

  describe('categories', () => {
    it('the four system categories are seeded with names in three locales, and cannot be deleted or re-coded', async () => {
      expect(categories.map((c) => c.slug)).toEqual([...SYSTEM_CATEGORY_SLUGS]);
      expect(categories.every((c) => c.system && c.name_zh_cn && c.name_zh_hk && c.name_en)).toBe(true);
      expect(category('forum')).toMatchObject({
        name_zh_cn: '创新论坛',
        name_zh_hk: '創新論壇',
        name_en: 'Innovation forum',
      });
      const forum = category('forum');
      const refused = await post(app(), admin, 'content/category/delete', { id: forum.id });
      expect(refused.status).toBe(409);
      expect(refused.message).toBe('A built-in category cannot be deleted and keeps its code');
      const recoded = await post(app(), admin, 'content/category/save', { ...forum, slug: 'events' });
      expect(recoded.status).toBe(409);
      // A rename keeps the slug: allowed.
      const renamed = ok(
        await post<ArticleCategory>(app(), admin, 'content/category/save', { ...forum, name_en: 'Forum' }),
        'rename',
      );
      expect(renamed).toMatchObject({ slug: 'forum', name_en: 'Forum', system: true });
      ok(await post(app(), admin, 'content/category/save', { ...forum, name_en: 'Innovation forum' }), 'rename back');
    });

    it('admins add, rename and delete their own categories; a slug in use is 409, a category holding articles 409', async () => {
      const form = { slug: 'events', name_zh_cn: '活动', name_zh_hk: '活動', name_en: 'Events', sort: 50 };
      const made = ok(await post<ArticleCategory>(app(), admin, 'content/category/save', form), 'create');
      expect(made).toMatchObject({ ...form, system: false, article_count: 0 });
      expect((await post(app(), admin, 'content/category/save', form)).status).toBe(409);
      const bad = await post<Errors>(app(), admin, 'content/category/save', {
        ...form,
        slug: 'Bad Slug',
        name_zh_cn: '',
      });
      expect(bad.status).toBe(400);
      expect(bad.result.errors.map((e) => e.field).sort()).toEqual(['name_zh_cn', 'slug']);
      const article = await newArticle(app(), admin, made.id, { publish: false });
      const inUse = await post(app(), admin, 'content/category/delete', { id: made.id });
      expect(inUse.status).toBe(409);
      expect(inUse.message).toBe('The category still holds articles; move or delete them first');
      ok(await post(app(), admin, 'content/article/delete', { id: article.id }), 'delete article');
      ok(await post(app(), admin, 'content/category/delete', { id: made.id }), 'delete category');
      expect((await post(app(), admin, 'content/category/delete', { id: made.id })).status).toBe(404);
      const list = ok(await get<ArticleCategory[]>(app(), admin, 'content/category/list'), 'list');
      expect(list.map((c) => c.slug)).toEqual([...SYSTEM_CATEGORY_SLUGS]);
      expect((await audits('content.category.delete')).map((a) => a.target_id)).toContain(String(made.id));
    });
    it('deleting a category while 10 articles are saved into it in parallel leaves no article without its category, and no 500', async () => {
      const made = ok(
        await post<ArticleCategory>(app(), admin, 'content/category/save', {
          slug: 'race',
          name_zh_cn: '竞速',
          name_zh_hk: '競速',
          name_en: 'Race',
        }),
        'create',
      );
      const replies = settledValues(
        await inParallel(11, (i) =>
          i === 5
            ? post(app(), admin, 'content/category/delete', { id: made.id })
            : post(app(), admin, 'content/article/save', articleForm(made.id, { title: `竞速 ${i}` })),
        ),
      );
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      const orphans = await t()
        .ctx.db.selectFrom('content_articles')
        .leftJoin('content_categories', 'content_categories.id', 'content_articles.category_id')
        .select('content_articles.id')
        .where('content_categories.id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
    });
  });

  describe('articles', () => {
    it('a draft: only admins read it (a preview, no view counted); visitors and signed-in users get 404; its cover is not public', async () => {
      const cover = await uploadImage(app(), admin);
      const draft = await newArticle(app(), admin, category('news').id, {
        publish: false,
        form: { title: '草稿文章', cover_file_id: cover.file_id },
      });
      expect(draft).toMatchObject({
        status: 'draft',
        publish_at: null,
        views: 0,
        cover_url: `/api/index/cover/${cover.file_id}`,
      });
      for (const token of [undefined, user.token]) {
        const reply = await visitorDetail(draft.id, token);
        expect(reply.status).toBe(404);
        expect(reply.message).toBe('The article does not exist');
      }
      const preview = await visitorDetail(draft.id, admin.token);
      expect(preview.status).toBe(200);
      expect(preview.result.article).toMatchObject({ title: '草稿文章', status: 'draft', views: 0 });
      expect((await visitorDetail(draft.id, admin.token)).result.article.views).toBe(0);
      expect((await newsList()).items.map((i) => i.id)).not.toContain(draft.id);
      // The cover: 404 for visitors and signed-in users; the admin sees it (token header or the web client's cookie).
      expect((await image(cover.file_id)).statusCode).toBe(404);
      expect((await image(cover.file_id, { [TOKEN_HEADER]: user.token })).statusCode).toBe(404);
      const byHeader = await image(cover.file_id, { [TOKEN_HEADER]: admin.token });
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.headers['content-type']).toBe('image/png');
      expect((await image(cover.file_id, { cookie: `mb_token=${admin.token}` })).statusCode).toBe(200);
      expect((await image(999_999)).statusCode).toBe(404);
    });

    it('publish → visible to all, counting views (not the admin’s) → withdraw → hidden → publish again; illegal moves are 409', async () => {
      const cover = await uploadImage(app(), admin);
      const article = await newArticle(app(), admin, category('notice').id, {
        publish: false,
        form: { title: '平台公告', cover_file_id: cover.file_id },
      });
      expect((await post(app(), admin, 'content/article/withdraw', { id: article.id })).status).toBe(409);
      const published = ok(await post<Article>(app(), admin, 'content/article/publish', { id: article.id }), 'publish');
      expect(published.status).toBe('published');
      expect(Date.parse(published.publish_at!)).toBeLessThanOrEqual(Date.now());
      const again = await post(app(), admin, 'content/article/publish', { id: article.id });
      expect(again.status).toBe(409);
      expect(again.message).toBe("The article's current status does not allow this; refresh to see it");
      const hk = await call(
        app(),
        'POST',
        'content/article/publish',
        { id: article.id },
        { token: admin.token, locale: 'zh-HK' },
      );
      expect([hk.status, hk.message]).toEqual([409, '文章目前狀態不允許此操作，請重新整理後查看']);
      expect((await image(cover.file_id)).statusCode).toBe(200);

      expect((await visitorDetail(article.id)).result.article.views).toBe(1);
      expect((await visitorDetail(article.id, user.token)).result.article.views).toBe(2);
      expect((await visitorDetail(article.id, admin.token)).result.article.views).toBe(2);
      const listed = (await newsList({ category: 'notice' })).items.find((i) => i.id === article.id);
      expect(listed).toMatchObject({ views: 2, status: 'published', category: { slug: 'notice' } });
      expect(listed).not.toHaveProperty('body');

      const deleting = await post(app(), admin, 'content/article/delete', { id: article.id });
      expect(deleting.status).toBe(409);
      ok(await post(app(), admin, 'content/article/withdraw', { id: article.id }), 'withdraw');
      expect((await post(app(), admin, 'content/article/withdraw', { id: article.id })).status).toBe(409);
      expect((await visitorDetail(article.id)).status).toBe(404);
      expect((await image(cover.file_id)).statusCode).toBe(404);
      expect((await newsList({ category: 'notice' })).items.map((i) => i.id)).not.toContain(article.id);
      const republished = ok(await post<Article>(app(), admin, 'content/article/publish', { id: article.id }), 'again');
      expect(republished).toMatchObject({ status: 'published', views: 2 });
      ok(await post(app(), admin, 'content/article/withdraw', { id: article.id }), 'withdraw again');
      ok(await post(app(), admin, 'content/article/delete', { id: article.id }), 'delete');
      expect((await post(app(), admin, 'content/article/delete', { id: article.id })).status).toBe(404);
      expect((await get(app(), admin, `content/article/detail/${article.id}`)).status).toBe(404);
      for (const action of ['create', 'publish', 'withdraw', 'delete'])
        expect((await audits(`content.article.${action}`)).some((a) => a.target_id === String(article.id))).toBe(true);
    });

    it('an edit keeps the state; the form is validated field by field, the category and cover must exist', async () => {
      const article = await newArticle(app(), admin, category('news').id);
      const edited = ok(
        await post<Article>(app(), admin, 'content/article/save', {
          ...articleForm(category('industry').id),
          id: article.id,
          title: '改过的标题',
        }),
        'edit',
      );
      expect(edited).toMatchObject({ status: 'published', title: '改过的标题', category: { slug: 'industry' } });
      const bad = await post<Errors>(app(), admin, 'content/article/save', {
        category_id: 'x',
        title: 'x'.repeat(101),
        body: '',
        recommended: 2,
      });
      expect(bad.status).toBe(400);
      expect(bad.result.errors.map((e) => e.field).sort()).toEqual(['body', 'category_id', 'recommended', 'title']);
      const noCategory = await post<Errors>(app(), admin, 'content/article/save', articleForm(999_999));
      expect(noCategory.result.errors.map((e) => e.field)).toEqual(['category_id']);
      const foreignFile = await post<Errors>(
        app(),
        admin,
        'content/article/save',
        articleForm(category('news').id, { cover_file_id: 999_999 }),
      );
      expect(foreignFile.result.errors).toEqual([expect.objectContaining({ field: 'cover_file_id' })]);
      expect(
        (await post(app(), admin, 'content/article/save', { ...articleForm(category('news').id), id: 999_999 })).status,
      ).toBe(404);
    });

    it('a scheduled article stays hidden until its time; a time in the past is refused', async () => {
      const article = await newArticle(app(), admin, category('news').id, {
        publish: false,
        form: { title: '定时发布' },
      });
      const past = await post<Errors>(app(), admin, 'content/article/publish', {
        id: article.id,
        publish_at: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(past.status).toBe(400);
      expect(past.result.errors[0]).toMatchObject({ field: 'publish_at' });
      const notADate = await post<Errors>(app(), admin, 'content/article/publish', {
        id: article.id,
        publish_at: 'soon',
      });
      expect(notADate.result.errors[0]).toMatchObject({ field: 'publish_at' });
      const at = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = ok(
        await post<Article>(app(), admin, 'content/article/publish', { id: article.id, publish_at: at }),
        'schedule',
      );
      expect(scheduled).toMatchObject({ status: 'published', publish_at: at });
      // Still scheduled: it may be rescheduled, in one call.
      const later = new Date(Date.now() + 7_200_000).toISOString();
      const moved = ok(
        await post<Article>(app(), admin, 'content/article/publish', { id: article.id, publish_at: later }),
        'reschedule',
      );
      expect(moved).toMatchObject({ status: 'published', publish_at: later });
      expect((await visitorDetail(article.id)).status).toBe(404);
      expect((await visitorDetail(article.id, admin.token)).result.article.views).toBe(0);
      expect((await newsList()).items.map((i) => i.id)).not.toContain(article.id);
      // Its time comes (moved into the past here): visible without any further call.
      await t()
        .ctx.db.updateTable('content_articles')
        .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', article.id)
        .execute();
      expect((await visitorDetail(article.id)).status).toBe(200);
      expect((await newsList()).items.map((i) => i.id)).toContain(article.id);
      // Visible now: publishing it again is a conflict, and nothing changes.
      expect((await post(app(), admin, 'content/article/publish', { id: article.id })).status).toBe(409);
    });

    it('a scheduled article is published now in one call', async () => {
      const article = await newArticle(app(), admin, category('news').id, { publish: false });
      const at = new Date(Date.now() + 3_600_000).toISOString();
      ok(await post(app(), admin, 'content/article/publish', { id: article.id, publish_at: at }), 'schedule');
      const now = ok(await post<Article>(app(), admin, 'content/article/publish', { id: article.id }), 'now');
      expect(Date.parse(now.publish_at!)).toBeLessThanOrEqual(Date.now());
      expect((await visitorDetail(article.id)).status).toBe(200);
    });

    it('20 parallel publishes of one draft publish it once; the rest are 409 and write nothing', async () => {
      const article = await newArticle(app(), admin, category('news').id, { publish: false });
      const replies = settledValues(
        await inParallel(20, () => post(app(), admin, 'content/article/publish', { id: article.id })),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
      expect((await audits('content.article.publish')).filter((a) => a.target_id === String(article.id))).toHaveLength(
        1,
      );
    });

    it('20 parallel "publish now" calls on a scheduled article publish it once; the rest are 409', async () => {
      const article = await newArticle(app(), admin, category('news').id, { publish: false });
      const at = new Date(Date.now() + 3_600_000).toISOString();
      ok(await post(app(), admin, 'content/article/publish', { id: article.id, publish_at: at }), 'schedule');
      const replies = settledValues(
        await inParallel(20, () => post(app(), admin, 'content/article/publish', { id: article.id })),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
      expect((await audits('content.article.publish')).filter((a) => a.target_id === String(article.id))).toHaveLength(
        2,
      );
    });

    it('30 parallel readers count 30 views', async () => {
      const article = await newArticle(app(), admin, category('news').id);
      const replies = settledValues(await inParallel(30, () => visitorDetail(article.id)));
      expect(replies.every((r) => r.status === 200)).toBe(true);
      expect((await visitorDetail(article.id, admin.token)).result.article.views).toBe(30);
    });

    it('the public list: newest publication first, by category slug, keyword on title and summary, paged with its total', async () => {
      const slug = 'industry';
      const base = Date.now() - 10 * 86_400_000;
      const made: Article[] = [];
      for (let i = 0; i < 5; i += 1) {
        const a = await newArticle(app(), admin, category(slug).id, {
          publish: false,
          form: { title: `行业观察 ${i}`, summary: i === 3 ? '运筹学_100%' : '摘要' },
        });
        ok(await post(app(), admin, 'content/article/publish', { id: a.id }), 'publish');
        await t()
          .ctx.db.updateTable('content_articles')
          .set({ publish_at: new Date(base + i * 60_000).toISOString() })
          .where('id', '=', a.id)
          .execute();
        made.push(a);
      }
      const all = await newsList({ category: slug, page_size: 100 });
      const ours = all.items.filter((i) => made.some((m) => m.id === i.id)).map((i) => i.id);
      expect(ours).toEqual(made.map((m) => m.id).reverse());
      const page2 = await newsList({ category: slug, page: 2, page_size: 2 });
      expect(page2).toMatchObject({ page: 2, page_size: 2, total: all.total });
      expect(page2.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
      // Keyword: literal (LIKE wildcards in it match themselves), on the summary too.
      const byKeyword = await newsList({ keyword: '_100%' });
      expect(byKeyword.items.map((i) => i.id)).toEqual([made[3]!.id]);
      expect(byKeyword.total).toBe(1);
      expect((await newsList({ keyword: '行业观察 4' })).items.map((i) => i.id)).toEqual([made[4]!.id]);
      expect(await newsList({ category: 'no-such-category' })).toMatchObject({ items: [], total: 0 });
      expect((await call(app(), 'GET', 'index/getNewsList', { page_size: 1000 })).status).toBe(400);
      const counted = (await call<ArticleCategory[]>(app(), 'GET', 'index/categories')).result;
      expect(counted.find((c) => c.slug === slug)!.article_count).toBe(all.total);

      // Neighbours in the category: previous = older, next = newer.
      const detail = (await visitorDetail(made[2]!.id)).result;
      expect(detail.previous).toEqual({ id: made[1]!.id, title: '行业观察 1' });
      expect(detail.next).toEqual({ id: made[3]!.id, title: '行业观察 3' });
      expect((await visitorDetail(made[0]!.id)).result.previous).toBeNull();
    });

    it('recommended: visible recommended articles, newest first, limited; a news detail recommends the others', async () => {
      const a = await newArticle(app(), admin, category('news').id, { form: { title: '推荐一', recommended: 1 } });
      const b = await newArticle(app(), admin, category('forum').id, { form: { title: '推荐二', recommended: 1 } });
      const hidden = await newArticle(app(), admin, category('news').id, {
        publish: false,
        form: { title: '推荐草稿', recommended: 1 },
      });
      const list = (await call<ArticleSummary[]>(app(), 'GET', 'index/getRecomendArticle')).result;
      expect(list.map((i) => i.id).slice(0, 2)).toEqual([b.id, a.id]);
      expect(list.every((i) => i.recommended === 1 && i.status === 'published')).toBe(true);
      expect(list.map((i) => i.id)).not.toContain(hidden.id);
      const one = (await call<ArticleSummary[]>(app(), 'GET', 'index/getRecomendArticle', { limit: 1 })).result;
      expect(one.map((i) => i.id)).toEqual([b.id]);
      expect((await call(app(), 'GET', 'index/getRecomendArticle', { limit: 0 })).status).toBe(400);
      const detail = (await visitorDetail(b.id)).result;
      expect(detail.recommended.map((i) => i.id)).toContain(a.id);
      expect(detail.recommended.map((i) => i.id)).not.toContain(b.id);
    });

    it('the admin list shows every state, newest change first, filtered by status, category and keyword', async () => {
      const draft = await newArticle(app(), admin, category('notice').id, {
        publish: false,
        form: { title: '管理列表草稿' },
      });
      const list = ok(await get<ArticlePage>(app(), admin, 'content/article/list', { keyword: '管理列表' }), 'list');
      expect(list.items.map((i) => i.id)).toEqual([draft.id]);
      const drafts = ok(
        await get<ArticlePage>(app(), admin, 'content/article/list', { status: 'draft', page_size: 100 }),
        'drafts',
      );
      expect(drafts.items.every((i) => i.status === 'draft')).toBe(true);
      expect(drafts.total).toBe(drafts.items.length);
      const byCategory = ok(
        await get<ArticlePage>(app(), admin, 'content/article/list', {
          category_id: category('notice').id,
          page_size: 100,
        }),
        'by category',
      );
      expect(byCategory.items.every((i) => i.category.slug === 'notice')).toBe(true);
      expect(ok(await get<Article>(app(), admin, `content/article/detail/${draft.id}`), 'detail').body).toContain(
        '欧拉公式',
      );
      expect((await get(app(), admin, 'content/article/list', { status: 'gone' })).status).toBe(400);
    });
  });

  describe('images', () => {
    it('upload_cover takes jpg/png only, sniffed, and answers the id and its url', async () => {
      const stored = await uploadImage(app(), admin);
      expect(stored.url).toBe(`/api/index/cover/${stored.file_id}`);
      for (const [name, bytes] of [
        ['cover.gif', gif()],
        ['cover.png', exe()],
        ['cover.exe', exe()],
      ] as const) {
        const reply = await upload(app(), admin.token, name, bytes, {}, { path: 'content/upload_cover' });
        expect([name, reply.status]).toEqual([name, 415]);
      }
      expect((await audits('content.image.upload')).some((a) => a.target_id === String(stored.file_id))).toBe(true);
    });
  });

  describe('banners', () => {
    it('active banners in order for everyone; their images public; inactive ones only for admins', async () => {
      const first = await uploadImage(app(), admin, 'b1.png');
      const second = await uploadImage(app(), admin, 'b2.png');
      const off = await uploadImage(app(), admin, 'b3.png');
      const save = (form: Record<string, unknown>) => post<Banner>(app(), admin, 'content/banner/save', form);
      const b2 = ok(await save({ title: '第二', image_file_id: second.file_id, sort: 20, link: '/service' }), 'b2');
      const b1 = ok(
        await save({
          title: '第一',
          subtitle: '副标题',
          image_file_id: first.file_id,
          sort: 10,
          link: 'https://example.com/x',
        }),
        'b1',
      );
      const b3 = ok(await save({ title: '停用', image_file_id: off.file_id, active: 0 }), 'b3');
      expect(b1).toMatchObject({
        image_url: `/api/index/cover/${first.file_id}`,
        active: 1,
        link: 'https://example.com/x',
      });
      const shown = (await call<Banner[]>(app(), 'GET', 'index/getBanner')).result;
      expect(shown.map((b) => b.id)).toEqual([b1.id, b2.id]);
      expect((await image(first.file_id)).statusCode).toBe(200);
      expect((await image(off.file_id)).statusCode).toBe(404);
      expect((await image(off.file_id, { [TOKEN_HEADER]: admin.token })).statusCode).toBe(200);
      const all = ok(await get<Banner[]>(app(), admin, 'content/banner/list'), 'list');
      expect(all.map((b) => b.id).sort()).toEqual([b1.id, b2.id, b3.id].sort());

      const bad = await post<Errors>(app(), admin, 'content/banner/save', {
        title: '',
        image_file_id: 999_999,
        link: 'javascript:alert(1)',
      });
      expect(bad.result.errors.map((e) => e.field).sort()).toEqual(['link', 'title']);
      const noImage = await post<Errors>(app(), admin, 'content/banner/save', { title: 'x', image_file_id: 999_999 });
      expect(noImage.result.errors.map((e) => e.field)).toEqual(['image_file_id']);

      ok(await save({ id: b2.id, title: '第二', image_file_id: second.file_id, sort: 20, active: 0 }), 'deactivate');
      expect((await call<Banner[]>(app(), 'GET', 'index/getBanner')).result.map((b) => b.id)).toEqual([b1.id]);
      ok(await post(app(), admin, 'content/banner/delete', { id: b1.id }), 'delete');
      expect((await post(app(), admin, 'content/banner/delete', { id: b1.id })).status).toBe(404);
      expect((await call<Banner[]>(app(), 'GET', 'index/getBanner')).result).toEqual([]);
      expect((await image(first.file_id)).statusCode).toBe(404);
    });
  });

  describe('user manual and micro-site', () => {
    it('manual pages per role: the asked role plus everyone; without a role, the caller’s roles; admins see all', async () => {
      const save = async (form: Record<string, unknown>) =>
        ok(await post<ManualPage>(app(), admin, 'content/manual/save', form), 'save manual');
      const all = await save({ audience: 'all', title: '快速入门', body: '欢迎', sort: 1 });
      const specialist = await save({ audience: 'Specialist', title: '专家指南', body: '加入课题', sort: 2 });
      const enterprise = await save({ audience: 'Enterprise', title: '企业指南', body: '发布需求', sort: 3 });
      const ids = (pages: ManualPage[]) => pages.map((p) => p.id);
      const read = async (params: Record<string, unknown>, token?: string) =>
        (await call<ManualPage[]>(app(), 'GET', 'index/userManual', params as never, { token })).result;
      expect(ids(await read({ role: 'Specialist' }))).toEqual([all.id, specialist.id]);
      expect(ids(await read({}))).toEqual([all.id]);
      expect(ids(await read({}, admin.token))).toEqual([all.id, specialist.id, enterprise.id]);
      ok(await post(app(), user, 'user/roleSelect', { role: 'Enterprise' }), 'roleSelect');
      expect(ids(await read({}, user.token))).toEqual([all.id, enterprise.id]);
      expect((await call(app(), 'GET', 'index/userManual', { role: 'Admin' })).status).toBe(400);
      const edited = ok(
        await post<ManualPage>(app(), admin, 'content/manual/save', {
          id: all.id,
          audience: 'all',
          title: '入门',
          body: '新',
        }),
        'edit',
      );
      expect(edited).toMatchObject({ title: '入门', body: '新' });
      expect(
        (await post(app(), admin, 'content/manual/save', { audience: 'nobody', title: 'x', body: 'y' })).status,
      ).toBe(400);
      ok(await post(app(), admin, 'content/manual/delete', { id: enterprise.id }), 'delete');
      expect((await post(app(), admin, 'content/manual/delete', { id: enterprise.id })).status).toBe(404);
      expect(ids(ok(await get<ManualPage[]>(app(), admin, 'content/manual/list'), 'list'))).toEqual([
        all.id,
        specialist.id,
      ]);
    });

    it('micro-site pages: empty until saved, then public; only the three pages exist', async () => {
      const empty = await call<SitePage>(app(), 'GET', 'index/getSitePage', { slug: 'team' });
      expect(empty.result).toEqual({ slug: 'team', title: '', body: '', updated_at: null });
      const saved = ok(
        await post<SitePage>(app(), admin, 'content/site/save', { slug: 'team', title: '团队', body: '## 成员' }),
        'save',
      );
      expect(saved).toMatchObject({ slug: 'team', title: '团队', body: '## 成员' });
      expect((await call<SitePage>(app(), 'GET', 'index/getSitePage', { slug: 'team' })).result).toEqual(saved);
      ok(await post(app(), admin, 'content/site/save', { slug: 'team', title: '我们的团队', body: '更新' }), 'again');
      expect((await call<SitePage>(app(), 'GET', 'index/getSitePage', { slug: 'team' })).result.title).toBe(
        '我们的团队',
      );
      expect((await call(app(), 'GET', 'index/getSitePage', { slug: 'admin' })).status).toBe(400);
      expect((await post(app(), admin, 'content/site/save', { slug: 'blog', title: 'x', body: 'y' })).status).toBe(400);
      const list = ok(await get<SitePage[]>(app(), admin, 'content/site/list'), 'list');
      expect(list.map((p) => [p.slug, p.title])).toEqual([
        ['home', ''],
        ['team', '我们的团队'],
        ['research', ''],
      ]);
      expect((await audits('content.site.update')).length).toBe(2);
    });
  });

  describe('consultations', () => {
    const form = (overrides: Record<string, unknown> = {}) => ({
      name: '张先生',
      phone: newPhone(),
      email: 'zhang@example.com',
      organisation: '杭州某制造企业',
      topic: 'cooperation',
      content: '想了解如何发布排产优化的需求',
      ...overrides,
    });
    let ipSeq = 0;
    const send = (payload: Record<string, unknown>, token?: string) => {
      ipSeq += 1;
      return call<Errors & { id: number }>(app(), 'POST', 'index/addConsultation', payload as never, {
        token,
        locale: 'en-US',
        ip: `10.77.${ipSeq >> 8}.${ipSeq & 255}`,
      });
    };

    it('validates every field in the caller’s language', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(31) }, 'name'],
        [{ phone: '12345' }, 'phone'],
        [{ phone: undefined }, 'phone'],
        [{ email: 'not-an-email' }, 'email'],
        [{ organisation: 'x'.repeat(61) }, 'organisation'],
        [{ topic: 'gossip' }, 'topic'],
        [{ topic: undefined }, 'topic'],
        [{ content: '' }, 'content'],
        [{ content: 'x'.repeat(1001) }, 'content'],
      ];
      for (const [overrides, field] of cases) {
        const reply = await send(form(overrides));
        expect([field, reply.status, reply.result.errors.map((e) => e.field)]).toEqual([field, 400, [field]]);
        expect(reply.result.errors[0]!.message).toMatch(/^[A-Z]/);
      }
      const zh = await call<Errors>(app(), 'POST', 'index/addConsultation', form({ phone: '123' }), {
        ip: '10.78.0.1',
      });
      expect(zh.result.errors[0]!.message).toBe('请输入正确的手机号码');
    });

    it('lands in the admins’ inbox with a to-do; handled once with a reply note (a second answer is 409)', async () => {
      const anonymous = await send(form({ email: undefined, organisation: undefined }));
      expect(anonymous.status).toBe(200);
      const signedIn = await send(form({ name: '王女士' }), user.token);
      const rows = await t()
        .ctx.db.selectFrom('consultations')
        .select(['id', 'user_id'])
        .where('id', 'in', [anonymous.result.id, signedIn.result.id])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.user_id)).toEqual([null, user.id]);

      const todos = ok(await get<Page<TodoItem>>(app(), admin, 'workflow/todoList', { page_size: 100 }), 'todos');
      const todo = todos.items.find((i) => i.kind === 'consultationNew' && i.target_id === signedIn.result.id);
      expect(todo?.title).toBe('王女士 sent a consultation to handle');

      const inbox = ok(
        await get<ConsultationPage>(app(), admin, 'content/consultation/list', { status: 'new' }),
        'inbox',
      );
      expect(inbox.items.map((i) => i.id)).toContain(signedIn.result.id);
      expect(inbox.counts.new).toBe(inbox.total);

      const handled = ok(
        await post<ConsultationItem>(app(), admin, 'content/consultation/handle', {
          id: signedIn.result.id,
          reply_note: '已电话联系',
        }),
        'handle',
      );
      expect(handled).toMatchObject({ status: 'handled', reply_note: '已电话联系', handled_by: { id: admin.id } });
      const second = await post(app(), admin, 'content/consultation/handle', {
        id: signedIn.result.id,
        reply_note: '再次',
      });
      expect(second.status).toBe(409);
      expect(second.message).toBe('This consultation has already been handled');
      expect((await post(app(), admin, 'content/consultation/handle', { id: 999_999, reply_note: 'x' })).status).toBe(
        404,
      );
      expect(
        (await post(app(), admin, 'content/consultation/handle', { id: anonymous.result.id, reply_note: '' })).status,
      ).toBe(400);
      const after = ok(await get<Page<TodoItem>>(app(), admin, 'workflow/todoList', { page_size: 100 }), 'todos');
      expect(after.items.some((i) => i.kind === 'consultationNew' && i.target_id === signedIn.result.id)).toBe(false);
      const handledList = ok(
        await get<ConsultationPage>(app(), admin, 'content/consultation/list', { status: 'handled' }),
        'handled',
      );
      expect(handledList.items.map((i) => i.id)).toEqual([signedIn.result.id]);
      expect((await audits('content.consultation.handle')).map((a) => a.target_id)).toEqual([
        String(signedIn.result.id),
      ]);
    });

    it('20 parallel answers to one consultation decide once', async () => {
      const sent = await send(form());
      const replies = settledValues(
        await inParallel(20, (i) =>
          post(app(), admin, 'content/consultation/handle', { id: sent.result.id, reply_note: `答复 ${i}` }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
      const row = await t()
        .ctx.db.selectFrom('consultations')
        .selectAll()
        .where('id', '=', sent.result.id)
        .executeTakeFirstOrThrow();
      const winner = replies.findIndex((r) => r.status === 200);
      expect(row.reply_note).toBe(`答复 ${winner}`);
    });
  });
});

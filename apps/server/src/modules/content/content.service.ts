import type { Readable } from 'node:stream';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import {
  CONSULTATIONS_PER_IP_HOUR,
  CONSULTATIONS_PER_PHONE_DAY,
  CONSULTATION_STATES,
  RECOMMENDED_ARTICLES,
  SITE_PAGES,
  type Article,
  type ArticleAdminListQuery,
  type ArticleCategory,
  type ArticlePage,
  type ArticlePublish,
  type ArticleSave,
  type ArticleSummary,
  type Banner,
  type BannerSave,
  type CategorySave,
  type CheckStep,
  type Consultation,
  type ConsultationPage,
  type ConsultationState,
  type ContentImage,
  type ManualPage,
  type ManualSave,
  type NewsDetail,
  type NewsListQuery,
  ONBOARDING_STEPS,
  type OnboardingStep,
  type SitePage,
  type SitePageSave,
  type SitePageSlug,
  type Statistics,
  type SubStatic,
  type SubStaticRole,
} from '@mathbridge/contracts/content';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import { SELECTABLE_ROLES, type SelectableRole } from '@mathbridge/contracts/roles';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { ShortCache } from '../../db/short-cache.ts';
import type { ContentArticleRow, ContentCategoryRow } from '../../db/types.ts';
import { conflict, invalidField, notFound, rateLimited } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import type { StoredBytes } from '../../lib/send-bytes.ts';
import { inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, requireAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import {
  findAttachedFiles,
  openAttachedFile,
  recordAttachedFile,
  storeAttachedBytes,
} from '../files/attached-files.service.ts';
import {
  cooperationCounts,
  hasSubmittedDemand,
  hasSubmittedSolution,
  publicDemandsByIndustry,
} from '../demands/public-counts.service.ts';
import { certifiedCounts } from '../identity/public-counts.service.ts';
import { openJobCount } from '../jobs/public-counts.service.ts';
import { hasJoinedOrApplied, publicProjectCounts } from '../research/public-counts.service.ts';
import { findUserById } from '../user/user.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import {
  contentImageUrl,
  presentArticle,
  presentArticleSummary,
  presentBanner,
  presentCategory,
  presentConsultation,
  presentManualPage,
  presentSitePage,
} from './content.presenter.ts';
import * as repo from './content.repository.ts';

/**
 * The public portal's content (issue 11, DESIGN §11): what visitors read through `index/*`, and
 * what admins manage through `content/*`. Articles: draft → published (now, or scheduled: visible
 * once publish_at has passed) → withdrawn → published …; only drafts and withdrawn articles may be
 * deleted. Consultations: new → handled, once. Every transition is one function that checks the
 * actor, then moves the row with a guarded UPDATE in a transaction with its audit row; an illegal
 * or lost transition answers 409 and changes nothing.
 */

/** Stored files of this purpose are the content's images (covers, banners). */
const CONTENT_IMAGE = 'content_image';

const articleWrongState = () => conflict('errors.articleWrongState');

/* ---- categories (a few rows, read by nearly every call: kept for a moment) ---- */

const categoryCache = new ShortCache<'all', ContentCategoryRow[]>(['content_categories']);
const categoryRows = (db: Db) => categoryCache.get(db, 'all', () => repo.listCategories(db));

async function categoryMap(db: Db): Promise<Map<number, ContentCategoryRow>> {
  return new Map((await categoryRows(db)).map((c) => [c.id, c]));
}

const visibleCountCache = new ShortCache<'all', Map<number, number>>(['content_articles']);

async function categoriesWithCounts(db: Db): Promise<ArticleCategory[]> {
  const [rows, counts] = await Promise.all([
    categoryRows(db),
    visibleCountCache.get(db, 'all', () => repo.visibleCountsByCategory(db, nowIso())),
  ]);
  return rows.map((row) => presentCategory(row, counts.get(row.id) ?? 0));
}

/** GET index/categories (public) and content/category/list (admin): every category with its visible articles. */
export const listCategories = (ctx: AppContext): Promise<ArticleCategory[]> => categoriesWithCounts(ctx.db);

/**
 * POST content/category/save: a new category, or a rename. A system category keeps its slug
 * (409 on a change); a slug another category holds is 409.
 */
export async function saveCategory(
  ctx: AppContext,
  caller: Caller,
  input: CategorySave,
  ip: string,
): Promise<ArticleCategory> {
  requireAdmin(caller);
  const now = nowIso();
  const fields = {
    slug: input.slug,
    name_zh_cn: input.name_zh_cn,
    name_zh_hk: input.name_zh_hk,
    name_en: input.name_en,
    sort: input.sort,
    updated_at: now,
  };
  try {
    const row = await inTransaction(ctx.db, async (trx) => {
      let saved: ContentCategoryRow | undefined;
      if (input.id === undefined) {
        saved = await repo.insertCategory(trx, { ...fields, system: 0, created_at: now });
      } else {
        const existing = await repo.findCategory(trx, input.id);
        if (!existing) throw notFound('errors.categoryNotFound');
        if (Number(existing.system) === 1 && existing.slug !== input.slug) throw conflict('errors.categorySystem');
        saved = await repo.updateCategory(trx, input.id, fields);
        if (!saved) throw notFound('errors.categoryNotFound');
      }
      await writeAudit(trx, {
        actorId: caller.id,
        action: input.id === undefined ? 'content.category.create' : 'content.category.update',
        targetType: 'content_category',
        targetId: saved.id,
        detail: { slug: saved.slug },
        ip,
      });
      return saved;
    });
    const counts = await repo.visibleCountsByCategory(ctx.db, nowIso());
    return presentCategory(row, counts.get(row.id) ?? 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.categorySlugTaken');
    throw error;
  }
}

/** POST content/category/delete: not a system category (409), not while it holds articles (409). */
export async function deleteCategory(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  requireAdmin(caller);
  await inTransaction(ctx.db, async (trx) => {
    const existing = await repo.findCategory(trx, id);
    if (!existing) throw notFound('errors.categoryNotFound');
    if (Number(existing.system) === 1) throw conflict('errors.categorySystem');
    if (await repo.categoryHasArticles(trx, id)) throw conflict('errors.categoryInUse');
    if (!(await repo.deleteCategory(trx, id))) throw notFound('errors.categoryNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.category.delete',
      targetType: 'content_category',
      targetId: id,
      detail: { slug: existing.slug },
      ip,
    });
  });
  return null;
}

/* ---- images (covers, banners) ---- */

/** POST content/upload_cover: a jpg/png of the image profile (content sniffed), stored as a content image. */
export async function uploadContentImage(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; stream: Readable },
  ip: string,
): Promise<ContentImage> {
  requireAdmin(caller);
  const stored = await storeAttachedBytes(ctx, 'content-images', UPLOAD_PROFILES.image, file);
  try {
    const row = await inTransaction(ctx.db, async (trx) => {
      const recorded = await recordAttachedFile(trx, stored, { ownerId: caller.id, purpose: CONTENT_IMAGE });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'content.image.upload',
        targetType: 'stored_file',
        targetId: recorded.id,
        ip,
      });
      return recorded;
    });
    return { file_id: row.id, url: contentImageUrl(row.id) };
  } catch (error) {
    await ctx.storage
      .delete(stored.key)
      .catch((e: unknown) => ctx.log.warn({ err: e, key: stored.key }, 'refused image not removed from storage'));
    throw error;
  }
}

/** A stored content image by id, or undefined when the id names none. */
async function contentImage(db: Db, fileId: number) {
  const [file] = await findAttachedFiles(db, [fileId]);
  return file && file.purpose === CONTENT_IMAGE ? file : undefined;
}

/** 400 on `field` unless the id names a content image. */
async function requireContentImage(db: Db, fileId: number, field: string, locale: Locale): Promise<void> {
  if (!(await contentImage(db, fileId)))
    throw invalidField(field, 'fileInvalid', translate(locale, 'validation.fileInvalid'));
}

/**
 * GET index/cover/:id: the bytes of a content image for <img src>. Visitors get the cover of an
 * article visible now and the image of an active banner; admins any content image (drafts'
 * covers, inactive banners). Null: nothing to show (HTTP 404).
 */
export async function readContentImage(
  ctx: AppContext,
  caller: Caller | null,
  fileId: number,
): Promise<StoredBytes | null> {
  const file = await contentImage(ctx.db, fileId);
  if (!file) return null;
  const admin = caller !== null && isAdmin(caller);
  if (!admin) {
    const shown = (
      await Promise.all([repo.isVisibleCover(ctx.db, fileId, nowIso()), repo.isActiveBannerImage(ctx.db, fileId)])
    ).some(Boolean);
    if (!shown) return null;
  }
  return openAttachedFile(ctx, file.storage_key);
}

/* ---- articles: the public side ---- */

export const isVisible = (row: Pick<ContentArticleRow, 'status' | 'publish_at'>, now: string) =>
  row.status === 'published' && row.publish_at !== null && row.publish_at <= now;

/** Totals of the public list by filter, kept for a moment (views live elsewhere, so reads do not drop it). */
const visibleTotalCache = new ShortCache<string, number>(['content_articles']);

/** GET index/getNewsList: visible articles, newest publication first; `category` is a slug (unknown: empty). */
export async function newsList(ctx: AppContext, query: NewsListQuery): Promise<ArticlePage> {
  const categories = await categoryMap(ctx.db);
  let categoryId: number | undefined;
  if (query.category) {
    categoryId = [...categories.values()].find((c) => c.slug === query.category)?.id;
    if (categoryId === undefined) return pageOf(query, [], 0);
  }
  const filter = { now: nowIso(), categoryId, keyword: query.keyword };
  const [rows, total] = await Promise.all([
    repo.listVisibleArticles(ctx.db, filter, query.page_size, offsetOf(query)),
    visibleTotalCache.get(ctx.db, `${categoryId ?? ''}|${query.keyword ?? ''}`, () =>
      repo.countVisibleArticles(ctx.db, filter),
    ),
  ]);
  return pageOf(
    query,
    rows.map((row) => presentArticleSummary(row, categories)),
    total,
  );
}

/** Recommended visible articles, newest first. */
async function recommended(ctx: AppContext, limit: number, exceptId?: number): Promise<ArticleSummary[]> {
  const [rows, categories] = await Promise.all([
    repo.listRecommended(ctx.db, nowIso(), limit, exceptId),
    categoryMap(ctx.db),
  ]);
  return rows.map((row) => presentArticleSummary(row, categories));
}

/** GET index/getRecomendArticle: `limit` recommended visible articles. */
export const recommendedArticles = (ctx: AppContext, limit: number = RECOMMENDED_ARTICLES) => recommended(ctx, limit);

/**
 * GET index/getNewsDetail: a visible article for anyone, counting one view (atomically) unless the
 * reader is an admin; a draft, withdrawn or scheduled article only for admins (a preview, no
 * view), 404 for everyone else. With its neighbours in the category and the recommendations.
 */
export async function newsDetail(ctx: AppContext, caller: Caller | null, id: number): Promise<NewsDetail> {
  const row = await repo.findArticle(ctx.db, id);
  const admin = caller !== null && isAdmin(caller);
  const now = nowIso();
  if (!row) throw notFound('errors.articleNotFound');
  const visible = isVisible(row, now);
  if (!visible && !admin) throw notFound('errors.articleNotFound');
  // A visitor's view is counted (an atomic increment) alongside the reads, not before them.
  const counted = visible && !admin;
  const views = Number(row.views ?? 0) + (counted ? 1 : 0);
  const [categories, previous, next, recommendations] = await Promise.all([
    categoryMap(ctx.db),
    visible ? repo.neighbour(ctx.db, row, now, 'previous') : undefined,
    visible ? repo.neighbour(ctx.db, row, now, 'next') : undefined,
    recommended(ctx, RECOMMENDED_ARTICLES, row.id),
    counted ? repo.addView(ctx.db, row.id) : undefined,
  ]);
  return {
    article: presentArticle({ ...row, views }, categories),
    previous: previous ?? null,
    next: next ?? null,
    recommended: recommendations,
  };
}

/* ---- articles: the admin side ---- */

async function loadArticle(db: Db, id: number) {
  const row = await repo.findArticle(db, id);
  if (!row) throw notFound('errors.articleNotFound');
  return row;
}

async function presentOne(ctx: AppContext, id: number): Promise<Article> {
  const [row, categories] = await Promise.all([loadArticle(ctx.db, id), categoryMap(ctx.db)]);
  return presentArticle(row, categories);
}

/** GET content/article/list (admin): every state, most recently changed first. */
export async function adminArticleList(
  ctx: AppContext,
  caller: Caller,
  query: ArticleAdminListQuery,
): Promise<ArticlePage> {
  requireAdmin(caller);
  const filter = { status: query.status, categoryId: query.category_id, keyword: query.keyword };
  const [rows, total, categories] = await Promise.all([
    repo.listAdminArticles(ctx.db, filter, query.page_size, offsetOf(query)),
    repo.countAdminArticles(ctx.db, filter),
    categoryMap(ctx.db),
  ]);
  return pageOf(
    query,
    rows.map((row) => presentArticleSummary(row, categories)),
    total,
  );
}

/** GET content/article/detail/:id (admin): the article in any state. */
export async function adminArticleDetail(ctx: AppContext, caller: Caller, id: number): Promise<Article> {
  requireAdmin(caller);
  return presentOne(ctx, id);
}

/** POST content/article/save: a new draft, or an edit in any state (the state stays). */
export async function saveArticle(
  ctx: AppContext,
  caller: Caller,
  input: ArticleSave,
  ip: string,
  locale: Locale,
): Promise<Article> {
  requireAdmin(caller);
  if (!(await repo.findCategory(ctx.db, input.category_id)))
    throw invalidField('category_id', 'choose', translate(locale, 'validation.choose'));
  if (input.cover_file_id !== undefined)
    await requireContentImage(ctx.db, input.cover_file_id, 'cover_file_id', locale);
  const now = nowIso();
  const fields = {
    category_id: input.category_id,
    title: input.title,
    summary: input.summary ?? null,
    author: input.author ?? null,
    cover_file_id: input.cover_file_id ?? null,
    body: input.body,
    recommended: input.recommended,
    updated_by: caller.id,
    updated_at: now,
  };
  const id = await inTransaction(ctx.db, async (trx) => {
    let saved: ContentArticleRow | undefined;
    if (input.id === undefined) {
      saved = await repo.insertArticle(trx, { ...fields, status: 'draft', created_by: caller.id, created_at: now });
    } else {
      saved = await repo.moveArticle(trx, input.id, ['draft', 'published', 'withdrawn'], fields);
      if (!saved) throw notFound('errors.articleNotFound');
    }
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'content.article.create' : 'content.article.update',
      targetType: 'content_article',
      targetId: saved.id,
      ip,
    });
    return saved.id;
  });
  return presentOne(ctx, id);
}

/** See moveArticle: how far ahead a published article's time must be for it to count as scheduled. */
const RESCHEDULE_MARGIN_MS = 5_000;

async function moveArticle(
  ctx: AppContext,
  caller: Caller,
  id: number,
  move: { from: readonly string[]; to: string; action: string; publishAt?: string; scheduled?: boolean },
  ip: string,
): Promise<Article> {
  requireAdmin(caller);
  const now = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    const existing = await repo.findArticle(trx, id);
    if (!existing) throw notFound('errors.articleNotFound');
    const moved = await repo.moveArticle(
      trx,
      id,
      move.from,
      {
        status: move.to,
        updated_by: caller.id,
        updated_at: now,
        ...(move.publishAt ? { publish_at: move.publishAt } : {}),
      },
      // Only an article due later than a few seconds from now counts as scheduled: a publish "now"
      // racing another one (whose `now` was read a moment earlier) never passes for a schedule.
      move.scheduled ? new Date(Date.parse(now) + RESCHEDULE_MARGIN_MS).toISOString() : undefined,
    );
    if (!moved) throw articleWrongState();
    await writeAudit(trx, {
      actorId: caller.id,
      action: move.action,
      targetType: 'content_article',
      targetId: id,
      detail: { from: existing.status, ...(move.publishAt ? { publish_at: move.publishAt } : {}) },
      ip,
    });
  });
  return presentOne(ctx, id);
}

/**
 * POST content/article/publish: a draft or withdrawn article becomes published, now or at a later
 * `publish_at` (scheduled: visitors see it once that time has passed). A time not in the future: 400.
 */
export async function publishArticle(
  ctx: AppContext,
  caller: Caller,
  input: ArticlePublish,
  ip: string,
  locale: Locale,
): Promise<Article> {
  requireAdmin(caller);
  const now = nowIso();
  let publishAt = now;
  if (input.publish_at !== undefined) {
    publishAt = new Date(input.publish_at).toISOString();
    if (publishAt <= now)
      throw invalidField('publish_at', 'futureDate', translate(locale, 'errors.articleScheduleInPast'));
  }
  return moveArticle(
    ctx,
    caller,
    input.id,
    // A scheduled article (published, not yet visible) is published now or rescheduled in one step.
    { from: ['draft', 'withdrawn'], to: 'published', action: 'content.article.publish', publishAt, scheduled: true },
    ip,
  );
}

/** POST content/article/withdraw: published (visible or scheduled) → withdrawn. */
export const withdrawArticle = (ctx: AppContext, caller: Caller, id: number, ip: string) =>
  moveArticle(ctx, caller, id, { from: ['published'], to: 'withdrawn', action: 'content.article.withdraw' }, ip);

/** POST content/article/delete: only a draft or a withdrawn article (a published one: 409). */
export async function deleteArticle(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  requireAdmin(caller);
  await inTransaction(ctx.db, async (trx) => {
    const existing = await repo.findArticle(trx, id);
    if (!existing) throw notFound('errors.articleNotFound');
    if (!(await repo.deleteArticle(trx, id, ['draft', 'withdrawn']))) throw articleWrongState();
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.article.delete',
      targetType: 'content_article',
      targetId: id,
      detail: { title: existing.title, from: existing.status },
      ip,
    });
  });
  return null;
}

/* ---- banners ---- */

const bannerCache = new ShortCache<'active', Banner[]>(['content_banners']);

/** GET index/getBanner: active banners, in their order. */
export const activeBanners = (ctx: AppContext): Promise<Banner[]> =>
  bannerCache.get(ctx.db, 'active', async () => (await repo.listBanners(ctx.db, true)).map(presentBanner));

/** GET content/banner/list (admin): every banner. */
export async function listBanners(ctx: AppContext, caller: Caller): Promise<Banner[]> {
  requireAdmin(caller);
  return (await repo.listBanners(ctx.db, false)).map(presentBanner);
}

/** POST content/banner/save: a new banner or an edit; its image must be a content image. */
export async function saveBanner(
  ctx: AppContext,
  caller: Caller,
  input: BannerSave,
  ip: string,
  locale: Locale,
): Promise<Banner> {
  requireAdmin(caller);
  await requireContentImage(ctx.db, input.image_file_id, 'image_file_id', locale);
  const now = nowIso();
  const fields = {
    title: input.title,
    subtitle: input.subtitle ?? null,
    image_file_id: input.image_file_id,
    link: input.link ?? null,
    sort: input.sort,
    active: input.active,
    updated_at: now,
  };
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved =
      input.id === undefined
        ? await repo.insertBanner(trx, { ...fields, created_at: now })
        : await repo.updateBanner(trx, input.id, fields);
    if (!saved) throw notFound('errors.bannerNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'content.banner.create' : 'content.banner.update',
      targetType: 'content_banner',
      targetId: saved.id,
      ip,
    });
    return saved;
  });
  return presentBanner(row);
}

export async function deleteBanner(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  requireAdmin(caller);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteBanner(trx, id))) throw notFound('errors.bannerNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.banner.delete',
      targetType: 'content_banner',
      targetId: id,
      ip,
    });
  });
  return null;
}

/* ---- user manual ---- */

/**
 * GET index/userManual: pages for `role` and for everyone; without `role`, for the caller's
 * selectable roles (every page for admins; visitors: the pages for everyone).
 */
export async function userManual(ctx: AppContext, caller: Caller | null, role?: SelectableRole): Promise<ManualPage[]> {
  let audiences: string[] | null;
  if (role) audiences = ['all', role];
  else if (caller && isAdmin(caller)) audiences = null;
  else audiences = ['all', ...SELECTABLE_ROLES.filter((r) => caller?.roles.includes(r))];
  return (await repo.listManualPages(ctx.db, audiences)).map(presentManualPage);
}

export async function listManualPages(ctx: AppContext, caller: Caller): Promise<ManualPage[]> {
  requireAdmin(caller);
  return (await repo.listManualPages(ctx.db, null)).map(presentManualPage);
}

export async function saveManualPage(
  ctx: AppContext,
  caller: Caller,
  input: ManualSave,
  ip: string,
): Promise<ManualPage> {
  requireAdmin(caller);
  const now = nowIso();
  const fields = { audience: input.audience, title: input.title, body: input.body, sort: input.sort, updated_at: now };
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved =
      input.id === undefined
        ? await repo.insertManualPage(trx, { ...fields, created_at: now })
        : await repo.updateManualPage(trx, input.id, fields);
    if (!saved) throw notFound('errors.manualPageNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'content.manual.create' : 'content.manual.update',
      targetType: 'content_manual_page',
      targetId: saved.id,
      ip,
    });
    return saved;
  });
  return presentManualPage(row);
}

export async function deleteManualPage(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  requireAdmin(caller);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteManualPage(trx, id))) throw notFound('errors.manualPageNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.manual.delete',
      targetType: 'content_manual_page',
      targetId: id,
      ip,
    });
  });
  return null;
}

/* ---- micro-site pages ---- */

/** GET index/getSitePage (public): a page never saved reads as empty (title '', body '', updated_at null). */
export async function sitePage(ctx: AppContext, slug: SitePageSlug): Promise<SitePage> {
  return presentSitePage(slug, await repo.findSitePage(ctx.db, slug));
}

/** GET content/site/list (admin): the three pages, saved or not. */
export async function listSitePages(ctx: AppContext, caller: Caller): Promise<SitePage[]> {
  requireAdmin(caller);
  const rows = new Map((await repo.listSitePages(ctx.db)).map((r) => [r.slug, r]));
  return SITE_PAGES.map((slug) => presentSitePage(slug, rows.get(slug)));
}

export async function saveSitePage(
  ctx: AppContext,
  caller: Caller,
  input: SitePageSave,
  ip: string,
): Promise<SitePage> {
  requireAdmin(caller);
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved = await repo.upsertSitePage(trx, {
      slug: input.slug,
      title: input.title,
      body: input.body,
      updated_by: caller.id,
      updated_at: nowIso(),
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.site.update',
      targetType: 'content_site_page',
      targetId: input.slug,
      ip,
    });
    return saved;
  });
  return presentSitePage(input.slug, row);
}

/* ---- consultations ---- */

const consultationTarget = (id: number) => ({ type: 'consultation', id });

/**
 * POST index/addConsultation (no sign-in needed): at most CONSULTATIONS_PER_IP_HOUR per address
 * and CONSULTATIONS_PER_PHONE_DAY per phone, each reserved before anything is written (one atomic
 * step on SQLite, PostgreSQL and Redis, so parallel requests never pass the limit). Every admin
 * gets a to-do; a signed-in sender is recorded.
 */
export async function addConsultation(
  ctx: AppContext,
  caller: Caller | null,
  input: Consultation,
  ip: string,
): Promise<{ id: number }> {
  const perIp = await ctx.limiter.consume(`consultation-ip:${ip}`, CONSULTATIONS_PER_IP_HOUR, 3600);
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterS, 'errors.consultationTooMany');
  const perPhone = await ctx.limiter.consume(`consultation-phone:${input.phone}`, CONSULTATIONS_PER_PHONE_DAY, 86_400);
  if (!perPhone.allowed) throw rateLimited(perPhone.retryAfterS, 'errors.consultationTooMany');
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved = await repo.insertConsultation(trx, {
      name: input.name,
      phone: input.phone,
      email: input.email ?? null,
      organisation: input.organisation ?? null,
      topic: input.topic,
      content: input.content,
      status: 'new',
      user_id: caller?.id ?? null,
      ip,
      created_at: nowIso(),
    });
    await openTodo(trx, {
      kind: 'consultationNew',
      assignee: { role: 'Admin' },
      target: consultationTarget(saved.id),
      params: { name: input.name },
    });
    await writeAudit(trx, {
      actorId: caller?.id ?? null,
      action: 'content.consultation.create',
      targetType: 'consultation',
      targetId: saved.id,
      ip,
    });
    return saved;
  });
  return { id: row.id };
}

async function handlerNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const users = await Promise.all(unique.map((id) => findUserById(db, id)));
  return new Map(users.filter((u) => u !== undefined).map((u) => [u.id, u.truename || u.account]));
}

/** GET content/consultation/list (admin): newest first, with the counts per state. */
export async function listConsultations(
  ctx: AppContext,
  caller: Caller,
  query: { page: number; page_size: number; status?: ConsultationState },
): Promise<ConsultationPage> {
  requireAdmin(caller);
  const [rows, counts] = await Promise.all([
    repo.listConsultations(ctx.db, query.status, query.page_size, offsetOf(query)),
    repo.countConsultations(ctx.db),
  ]);
  const perState = Object.fromEntries(CONSULTATION_STATES.map((s) => [s, counts[s] ?? 0])) as Record<
    ConsultationState,
    number
  >;
  const total = query.status ? perState[query.status] : perState.new + perState.handled;
  const names = await handlerNames(
    ctx.db,
    rows.map((r) => r.handled_by),
  );
  const items = rows.map((row) =>
    presentConsultation(row, row.handled_by === null ? null : (names.get(row.handled_by) ?? null)),
  );
  return { ...pageOf(query, items, total), counts: perState };
}

/** POST content/consultation/handle: new → handled with a reply note, once (a second answer: 409). */
export async function handleConsultation(
  ctx: AppContext,
  caller: Caller,
  input: { id: number; reply_note: string },
  ip: string,
) {
  requireAdmin(caller);
  const row = await inTransaction(ctx.db, async (trx) => {
    const existing = await repo.findConsultation(trx, input.id);
    if (!existing) throw notFound('errors.consultationNotFound');
    const handled = await repo.handleConsultation(trx, input.id, {
      reply_note: input.reply_note,
      handled_by: caller.id,
      handled_at: nowIso(),
    });
    if (!handled) throw conflict('errors.consultationHandled');
    await closeTodos(trx, consultationTarget(input.id), 'done', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.consultation.handle',
      targetType: 'consultation',
      targetId: input.id,
      ip,
    });
    return handled;
  });
  const names = await handlerNames(ctx.db, [row.handled_by]);
  return presentConsultation(row, names.get(caller.id) ?? null);
}

/* ---- statistics ---- */

/**
 * Kept a minute (DESIGN §11), and dropped by any write to the tables behind the numbers (their
 * owners' modules compute them; this list only names what invalidates the cache).
 */
const STATISTICS_TABLES = [
  'organisations',
  // A person's verify_state changes with their certification's review, in the same transaction.
  'certifications',
  'demands',
  'cooperation_counts',
  'research_projects',
  'jobs',
];
const statisticsCache = new ShortCache<'all', Statistics>(STATISTICS_TABLES, () => true, 60_000);

async function computeStatistics(db: Db): Promise<Statistics> {
  const [people, cooperation, projects, jobsOpen, byIndustry] = await Promise.all([
    certifiedCounts(db),
    cooperationCounts(db),
    publicProjectCounts(db),
    openJobCount(db),
    publicDemandsByIndustry(db),
  ]);
  return {
    ...people,
    ...cooperation,
    ...projects,
    jobs_open: jobsOpen,
    demands_by_industry: byIndustry,
    updated_at: nowIso(),
  };
}

/** GET index/statistics (public). */
export const statistics = (ctx: AppContext): Promise<Statistics> =>
  statisticsCache.get(ctx.db, 'all', () => computeStatistics(ctx.db));

type CounterKey = SubStatic['numbers'][number]['key'];
const SUB_STATIC_KEYS: Record<SubStaticRole, CounterKey[]> = {
  enterprise: ['institutes', 'specialists', 'demands_published', 'cooperations'],
  researchinstitute: ['enterprises', 'demands_published', 'cooperations', 'subjects'],
  specialist: ['subjects', 'directions', 'students', 'jobs_open'],
  student: ['directions', 'specialists', 'students', 'jobs_open'],
};

/** GET index/getSubStatic: the counters of one role page, from the statistics. */
export async function subStatic(ctx: AppContext, role: SubStaticRole): Promise<SubStatic> {
  const stats = await statistics(ctx);
  return { role, numbers: SUB_STATIC_KEYS[role].map((key) => ({ key, value: stats[key] })) };
}

/* ---- onboarding ---- */

const FIRST_ACTIONS: Record<SelectableRole, NonNullable<CheckStep['first_action']>> = {
  Enterprise: { key: 'demand', path: '/manage/demandManage/demandForm/0' },
  ResearchInstitute: { key: 'solution', path: '/manage/demandManageRI/list' },
  Specialist: { key: 'join_subject', path: '/manage/subjectsPool/list' },
  Student: { key: 'join_direction', path: '/manage/directionsPool/list' },
};

async function firstActionDone(db: Db, userId: number, role: SelectableRole): Promise<boolean> {
  switch (role) {
    case 'Enterprise':
      return hasSubmittedDemand(db, userId);
    case 'ResearchInstitute':
      return hasSubmittedSolution(db, userId);
    case 'Specialist':
      return hasJoinedOrApplied(db, userId, 'subject');
    case 'Student':
      return hasJoinedOrApplied(db, userId, 'direction');
  }
}

/**
 * GET index/checkStep: account (the profile is complete: a role is held) → identity (a selectable
 * role chosen) → certification (verify_state 1) → the role's first action.
 */
export async function checkStep(ctx: AppContext, caller: Caller): Promise<CheckStep> {
  // The session already carries the caller's roles; only the real name and verify_state are read.
  const user = await findUserById(ctx.db, caller.id);
  const names: readonly string[] = caller.roles;
  const role = SELECTABLE_ROLES.find((r) => names.includes(r)) ?? null;
  const verifyState = user?.verify_state ?? null;
  const done: Record<OnboardingStep, boolean> = {
    // The account step is the personal information /account/individual asks for (the real name). A
    // certification form asks for it too, so one who went straight to certifying is not held back.
    account: !!user?.truename?.trim() || (verifyState !== null && verifyState >= 0),
    identity: role !== null,
    certification: verifyState === 1,
    first_action: role !== null && verifyState === 1 && (await firstActionDone(ctx.db, caller.id, role)),
  };
  const steps = ONBOARDING_STEPS.map((key) => ({
    key,
    done: done[key],
  }));
  return {
    current: steps.find((s) => !s.done)?.key ?? null,
    steps,
    role,
    verify_state: verifyState,
    first_action: role ? FIRST_ACTIONS[role] : null,
  };
}

import {
  RECOMMENDED_ARTICLES,
  type Article,
  type ArticleAdminListQuery,
  type ArticlePage,
  type ArticlePublish,
  type ArticleSave,
  type ArticleSummary,
  type NewsDetail,
  type NewsListQuery,
} from '@mathbridge/contracts/content';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { ShortCache } from '../../db/short-cache.ts';
import type { ContentArticleRow } from '../../db/types.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { categoryMap } from './content-categories.service.ts';
import { requireContentImage } from './content-images.service.ts';
import { presentArticle, presentArticleSummary } from './content.presenter.ts';
import { contentPolicy } from './content.policy.ts';
import * as repo from './content.repository.ts';

/**
 * News and articles (issue 11, DESIGN §11): what visitors read through `index/*`, and what admins
 * manage through `content/article/*`. Articles: draft → published (now, or scheduled: visible once
 * publish_at has passed) → withdrawn → published …; only drafts and withdrawn articles may be
 * deleted. Every transition is one function that checks the actor, then moves the row with a
 * guarded UPDATE in a transaction with its audit row; an illegal or lost transition answers 409
 * and changes nothing.
 */

const articleWrongState = () => conflict('errors.articleWrongState');

/** Visitors see a published article once its publication time has passed. */
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
  const now = nowIso();
  if (!row) throw notFound('errors.articleNotFound');
  const article = { visible: isVisible(row, now) };
  contentPolicy.authorize(caller, 'read', article, () => notFound('errors.articleNotFound'));
  const visible = article.visible;
  // A visitor's view is counted (an atomic increment) alongside the reads, not before them.
  const counted = visible && !contentPolicy.can(caller, 'preview', article);
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

/** An article in any state, for the admin calls; 404 when missing. */
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
  contentPolicy.authorize(caller, 'manage', 'articles');
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
  contentPolicy.authorize(caller, 'manage', 'articles');
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
  contentPolicy.authorize(caller, 'manage', 'articles');
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
  contentPolicy.authorize(caller, 'manage', 'articles');
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
  contentPolicy.authorize(caller, 'manage', 'articles');
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
  contentPolicy.authorize(caller, 'manage', 'articles');
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

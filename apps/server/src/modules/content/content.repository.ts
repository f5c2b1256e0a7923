import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQueries, type Param } from '../../db/prepared.ts';
import type {
  ConsultationRow,
  ConsultationsTable,
  ContentArticleRow,
  ContentArticlesTable,
  ContentBannerRow,
  ContentBannersTable,
  ContentCategoriesTable,
  ContentCategoryRow,
  ContentManualPageRow,
  ContentManualPagesTable,
  ContentSitePageRow,
} from '../../db/types.ts';
import { likeContains } from '../../lib/sql.ts';

/** Kysely queries over the portal's content tables and the consultation inbox (no rules here). */

/* ---- categories ---- */

export const listCategories = (db: Db): Promise<ContentCategoryRow[]> =>
  db.selectFrom('content_categories').selectAll().orderBy('sort').orderBy('id').execute();

export const findCategory = (db: Db, id: number): Promise<ContentCategoryRow | undefined> =>
  db.selectFrom('content_categories').selectAll().where('id', '=', id).executeTakeFirst();

export const insertCategory = (db: Db, row: Insertable<ContentCategoriesTable>): Promise<ContentCategoryRow> =>
  db.insertInto('content_categories').values(row).returningAll().executeTakeFirstOrThrow();

export const updateCategory = (
  db: Db,
  id: number,
  changes: Updateable<ContentCategoriesTable>,
): Promise<ContentCategoryRow | undefined> =>
  db.updateTable('content_categories').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('content_categories')
    .where('id', '=', id)
    .where('system', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether any article (in any state) is filed under the category. */
export async function categoryHasArticles(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('content_articles').select('id').where('category_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Visible articles per category id (published, publish_at passed). */
export async function visibleCountsByCategory(db: Db, now: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('content_articles')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'published')
    .where('publish_at', '<=', now)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/* ---- articles ---- */

/** The columns of a summary: everything but the body (up to 50,000 characters). */
const SUMMARY_COLUMNS = [
  'a.id',
  'a.category_id',
  'a.title',
  'a.summary',
  'a.author',
  'a.cover_file_id',
  'a.recommended',
  'a.status',
  'a.publish_at',
  'a.updated_at',
] as const;

export type ArticleSummaryRow = Pick<
  ContentArticleRow,
  | 'id'
  | 'category_id'
  | 'title'
  | 'summary'
  | 'author'
  | 'cover_file_id'
  | 'recommended'
  | 'status'
  | 'publish_at'
  | 'updated_at'
> & { views: number | null };

export const insertArticle = (db: Db, row: Insertable<ContentArticlesTable>): Promise<ContentArticleRow> =>
  db.insertInto('content_articles').values(row).returningAll().executeTakeFirstOrThrow();

export const findArticle = (db: Db, id: number): Promise<(ContentArticleRow & { views: number | null }) | undefined> =>
  db
    .selectFrom('content_articles as a')
    .leftJoin('content_article_views as v', 'v.article_id', 'a.id')
    .selectAll('a')
    .select('v.views')
    .where('a.id', '=', id)
    .executeTakeFirst();

/** A guarded update: only while the article is in one of `from`; the row, or undefined when it was not. */
/**
 * Moves the article while it is in one of `from` or, given `scheduledAfter`, while it is published
 * with a publish time after it (a scheduled article, not yet visible); undefined when it was not.
 */
export const moveArticle = (
  db: Db,
  id: number,
  from: readonly string[],
  changes: Updateable<ContentArticlesTable>,
  scheduledAfter?: string,
): Promise<ContentArticleRow | undefined> =>
  db
    .updateTable('content_articles')
    .set(changes)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', [...from]),
        ...(scheduledAfter ? [eb.and([eb('status', '=', 'published'), eb('publish_at', '>', scheduledAfter)])] : []),
      ]),
    )
    .returningAll()
    .executeTakeFirst();

/** Deletes the article while it is in one of `from`; false when it was not (or is gone). */
export async function deleteArticle(db: Db, id: number, from: readonly string[]): Promise<boolean> {
  // Its views go with it (content_article_views cascades, migration 0013).
  const result = await db
    .deleteFrom('content_articles')
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One more view, atomically (insert the counter row or add one to it). */
export async function addView(db: Db, articleId: number): Promise<void> {
  await db
    .insertInto('content_article_views')
    .values({ article_id: articleId, views: 1 })
    .onConflict((oc) => oc.column('article_id').doUpdateSet({ views: sql<number>`content_article_views.views + 1` }))
    .execute();
}

export interface VisibleShape {
  category: boolean;
  keyword: boolean;
}
type VisibleParam = 'now' | 'categoryId' | 'pattern' | 'limit' | 'offset';

/** The public list's page: visible articles, newest publication first (index content_articles_visible / _category). */
const visiblePages = preparedQueries(
  (shape: VisibleShape) => `${shape.category ? 1 : 0}${shape.keyword ? 1 : 0}`,
  (db, shape, param: Param<VisibleParam>) => {
    let query = db
      .selectFrom('content_articles as a')
      .leftJoin('content_article_views as v', 'v.article_id', 'a.id')
      .select([...SUMMARY_COLUMNS, 'v.views'])
      .where('a.status', '=', 'published')
      .where('a.publish_at', '<=', param('now'));
    if (shape.category) query = query.where('a.category_id', '=', param('categoryId'));
    if (shape.keyword)
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('a.title')} like ${param('pattern')} escape '\\'`,
          sql<boolean>`${eb.ref('a.summary')} like ${param('pattern')} escape '\\'`,
        ]),
      );
    return query.orderBy('a.publish_at', 'desc').orderBy('a.id', 'desc').limit(param('limit')).offset(param('offset'));
  },
);

const visibleCounts = preparedQueries(
  (shape: VisibleShape) => `${shape.category ? 1 : 0}${shape.keyword ? 1 : 0}`,
  (db, shape, param: Param<VisibleParam>) => {
    let query = db
      .selectFrom('content_articles as a')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.status', '=', 'published')
      .where('a.publish_at', '<=', param('now'));
    if (shape.category) query = query.where('a.category_id', '=', param('categoryId'));
    if (shape.keyword)
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('a.title')} like ${param('pattern')} escape '\\'`,
          sql<boolean>`${eb.ref('a.summary')} like ${param('pattern')} escape '\\'`,
        ]),
      );
    return query;
  },
);

export interface VisibleFilter {
  now: string;
  categoryId?: number;
  keyword?: string;
}

const shapeOf = (f: VisibleFilter): VisibleShape => ({ category: f.categoryId !== undefined, keyword: !!f.keyword });
const valuesOf = (f: VisibleFilter) => ({
  now: f.now,
  ...(f.categoryId !== undefined ? { categoryId: f.categoryId } : {}),
  ...(f.keyword ? { pattern: likeContains(f.keyword) } : {}),
});

export const listVisibleArticles = (
  db: Db,
  f: VisibleFilter,
  limit: number,
  offset: number,
): Promise<ArticleSummaryRow[]> =>
  visiblePages(db, shapeOf(f), { ...valuesOf(f), limit, offset }) as Promise<ArticleSummaryRow[]>;

export async function countVisibleArticles(db: Db, f: VisibleFilter): Promise<number> {
  const [row] = await visibleCounts(db, shapeOf(f), valuesOf(f));
  return Number(row?.n ?? 0);
}

/** Recommended visible articles, newest publication first. */
export const listRecommended = (
  db: Db,
  now: string,
  limit: number,
  exceptId?: number,
): Promise<ArticleSummaryRow[]> => {
  let query = db
    .selectFrom('content_articles as a')
    .leftJoin('content_article_views as v', 'v.article_id', 'a.id')
    .select([...SUMMARY_COLUMNS, 'v.views'])
    .where('a.recommended', '=', 1)
    .where('a.status', '=', 'published')
    .where('a.publish_at', '<=', now);
  if (exceptId !== undefined) query = query.where('a.id', '<>', exceptId);
  return query.orderBy('a.publish_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
};

/** The visible neighbour of an article in its category: the newer one (`next`) or the older one (`previous`). */
export function neighbour(
  db: Db,
  article: Pick<ContentArticleRow, 'id' | 'category_id' | 'publish_at'>,
  now: string,
  side: 'previous' | 'next',
): Promise<{ id: number; title: string } | undefined> {
  const at = article.publish_at ?? now;
  const query = db
    .selectFrom('content_articles')
    .select(['id', 'title'])
    .where('category_id', '=', article.category_id)
    .where('status', '=', 'published')
    .where('publish_at', '<=', now)
    .where('id', '<>', article.id);
  if (side === 'previous')
    return query
      .where((eb) => eb.or([eb('publish_at', '<', at), eb.and([eb('publish_at', '=', at), eb('id', '<', article.id)])]))
      .orderBy('publish_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  return query
    .where((eb) => eb.or([eb('publish_at', '>', at), eb.and([eb('publish_at', '=', at), eb('id', '>', article.id)])]))
    .orderBy('publish_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

export interface AdminArticleFilter {
  status?: string;
  categoryId?: number;
  keyword?: string;
}

function adminArticles(db: Db, f: AdminArticleFilter) {
  let query = db.selectFrom('content_articles as a');
  if (f.status) query = query.where('a.status', '=', f.status);
  if (f.categoryId !== undefined) query = query.where('a.category_id', '=', f.categoryId);
  if (f.keyword) {
    const pattern = likeContains(f.keyword);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('a.title')} like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('a.summary')} like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

/** Every state, most recently changed first (admin list). */
export const listAdminArticles = (
  db: Db,
  f: AdminArticleFilter,
  limit: number,
  offset: number,
): Promise<ArticleSummaryRow[]> =>
  adminArticles(db, f)
    .leftJoin('content_article_views as v', 'v.article_id', 'a.id')
    .select([...SUMMARY_COLUMNS, 'v.views'])
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countAdminArticles(db: Db, f: AdminArticleFilter): Promise<number> {
  const row = await adminArticles(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the file is the cover of an article visible now. */
export async function isVisibleCover(db: Db, fileId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('content_articles')
    .select('id')
    .where('cover_file_id', '=', fileId)
    .where('status', '=', 'published')
    .where('publish_at', '<=', now)
    .executeTakeFirst();
  return row !== undefined;
}

/* ---- banners ---- */

export const listBanners = (db: Db, activeOnly: boolean): Promise<ContentBannerRow[]> => {
  let query = db.selectFrom('content_banners').selectAll();
  if (activeOnly) query = query.where('active', '=', 1);
  return query.orderBy('sort').orderBy('id', 'desc').execute();
};

export const insertBanner = (db: Db, row: Insertable<ContentBannersTable>): Promise<ContentBannerRow> =>
  db.insertInto('content_banners').values(row).returningAll().executeTakeFirstOrThrow();

export const updateBanner = (
  db: Db,
  id: number,
  changes: Updateable<ContentBannersTable>,
): Promise<ContentBannerRow | undefined> =>
  db.updateTable('content_banners').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteBanner(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('content_banners').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the file is the image of an active banner. */
export async function isActiveBannerImage(db: Db, fileId: number): Promise<boolean> {
  const row = await db
    .selectFrom('content_banners')
    .select('id')
    .where('image_file_id', '=', fileId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/* ---- manual pages ---- */

export const listManualPages = (db: Db, audiences: readonly string[] | null): Promise<ContentManualPageRow[]> => {
  let query = db.selectFrom('content_manual_pages').selectAll();
  // Guard against an empty list: SQL "IN ()" is a syntax error.
  if (audiences !== null) query = query.where('audience', 'in', audiences.length ? [...audiences] : ['all']);
  return query.orderBy('sort').orderBy('id').execute();
};

export const insertManualPage = (db: Db, row: Insertable<ContentManualPagesTable>): Promise<ContentManualPageRow> =>
  db.insertInto('content_manual_pages').values(row).returningAll().executeTakeFirstOrThrow();

export const updateManualPage = (
  db: Db,
  id: number,
  changes: Updateable<ContentManualPagesTable>,
): Promise<ContentManualPageRow | undefined> =>
  db.updateTable('content_manual_pages').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteManualPage(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('content_manual_pages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/* ---- micro-site pages ---- */

export const listSitePages = (db: Db): Promise<ContentSitePageRow[]> =>
  db.selectFrom('content_site_pages').selectAll().execute();

export const findSitePage = (db: Db, slug: string): Promise<ContentSitePageRow | undefined> =>
  db.selectFrom('content_site_pages').selectAll().where('slug', '=', slug).executeTakeFirst();

export const upsertSitePage = (db: Db, row: ContentSitePageRow): Promise<ContentSitePageRow> =>
  db
    .insertInto('content_site_pages')
    .values(row)
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({
        title: row.title,
        body: row.body,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

/* ---- consultations ---- */

export const insertConsultation = (db: Db, row: Insertable<ConsultationsTable>): Promise<ConsultationRow> =>
  db.insertInto('consultations').values(row).returningAll().executeTakeFirstOrThrow();

export const findConsultation = (db: Db, id: number): Promise<ConsultationRow | undefined> =>
  db.selectFrom('consultations').selectAll().where('id', '=', id).executeTakeFirst();

/** Marks a new consultation handled; undefined when it was not new any more (a second answer). */
export const handleConsultation = (
  db: Db,
  id: number,
  changes: { reply_note: string; handled_by: number; handled_at: string },
): Promise<ConsultationRow | undefined> =>
  db
    .updateTable('consultations')
    .set({ ...changes, status: 'handled' })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .returningAll()
    .executeTakeFirst();

export const listConsultations = (
  db: Db,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<ConsultationRow[]> => {
  let query = db.selectFrom('consultations').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
};

export async function countConsultations(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('consultations')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

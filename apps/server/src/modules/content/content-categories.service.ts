import type { ArticleCategory, CategorySave } from '@mathbridge/contracts/content';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { ShortCache } from '../../db/short-cache.ts';
import type { ContentCategoryRow } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { presentCategory } from './content.presenter.ts';
import { contentPolicy } from './content.policy.ts';
import * as repo from './content.repository.ts';

/** The articles' categories (issue 11, DESIGN §11): a few rows, read by nearly every call, so kept for a moment. */

const categoryCache = new ShortCache<'all', ContentCategoryRow[]>(['content_categories']);
const categoryRows = (db: Db) => categoryCache.get(db, 'all', () => repo.listCategories(db));

/** The categories by id, from the short cache. */
export async function categoryMap(db: Db): Promise<Map<number, ContentCategoryRow>> {
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
  contentPolicy.authorize(caller, 'manage', 'categories');
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
  contentPolicy.authorize(caller, 'manage', 'categories');
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

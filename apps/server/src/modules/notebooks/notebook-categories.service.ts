import type { Locale } from '@mathbridge/contracts/locales';
import type { NotebookCategory, NotebookCategorySave } from '@mathbridge/contracts/notebooks';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { ShortCache } from '../../db/short-cache.ts';
import type { NotebookCategoryRow } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { requireImage } from './notebook-images.service.ts';
import { presentCategory } from './notebooks.presenter.ts';
import { notebookPolicy } from './notebooks.policy.ts';
import * as repo from './notebooks.repository.ts';

/** Notebook categories (issue 12, DESIGN §12): admin-managed, read by most lists (kept for a moment). */

const categoryCache = new ShortCache<'all', NotebookCategoryRow[]>(['notebook_categories']);
const countCache = new ShortCache<'all', Map<number, number>>(['notebooks']);

/** The categories by id, from the short cache. */
export async function categoryMap(db: Db): Promise<Map<number, NotebookCategoryRow>> {
  const rows = await categoryCache.get(db, 'all', () => repo.listCategories(db));
  return new Map(rows.map((c) => [c.id, c]));
}

/** GET category/list (public): every category with its accepted notebooks. */
export async function listCategories(ctx: AppContext): Promise<NotebookCategory[]> {
  const [rows, counts] = await Promise.all([
    categoryCache.get(ctx.db, 'all', () => repo.listCategories(ctx.db)),
    countCache.get(ctx.db, 'all', () => repo.acceptedCounts(ctx.db)),
  ]);
  return rows.map((row) => presentCategory(row, counts.get(row.id) ?? 0));
}

/** POST category/save (admin): a new category or an edit. */
export async function saveCategory(
  ctx: AppContext,
  caller: Caller,
  input: NotebookCategorySave,
  ip: string,
  locale: Locale,
): Promise<NotebookCategory> {
  notebookPolicy.authorize(caller, 'manage', 'categories');
  if (input.cover_file_id !== undefined) await requireImage(ctx.db, input.cover_file_id, 'cover_file_id', locale);
  const now = nowIso();
  const fields = {
    name_zh_cn: input.name_zh_cn,
    name_zh_hk: input.name_zh_hk,
    name_en: input.name_en,
    cover_file_id: input.cover_file_id ?? null,
    sort: input.sort,
    updated_at: now,
  };
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved =
      input.id === undefined
        ? await repo.insertCategory(trx, { ...fields, created_at: now })
        : await repo.updateCategory(trx, input.id, fields);
    if (!saved) throw notFound('errors.notebookCategoryNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'notebook.category.create' : 'notebook.category.update',
      targetType: 'notebook_category',
      targetId: saved.id,
      detail: { name: saved.name_zh_cn },
      ip,
    });
    return saved;
  });
  const counts = await repo.acceptedCounts(ctx.db);
  return presentCategory(row, counts.get(row.id) ?? 0);
}

/**
 * POST category/delete (admin): 409 while notebooks use it. A save racing the delete either lands
 * first (the delete then finds it, or the foreign key refuses it: 409) or finds the category gone.
 */
export async function deleteCategory(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  notebookPolicy.authorize(caller, 'manage', 'categories');
  await inTransaction(ctx.db, async (trx) => {
    const existing = await repo.findCategory(trx, id);
    if (!existing) throw notFound('errors.notebookCategoryNotFound');
    if (await repo.categoryInUse(trx, id)) throw conflict('errors.notebookCategoryInUse');
    if (!(await repo.deleteCategory(trx, id))) throw notFound('errors.notebookCategoryNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.category.delete',
      targetType: 'notebook_category',
      targetId: id,
      detail: { name: existing.name_zh_cn },
      ip,
    });
  });
  return null;
}

import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  NotebookAttachmentsTable,
  NotebookCategoriesTable,
  NotebookCategoryRow,
  NotebookDeliverablesTable,
  NotebooksTable,
} from '../../db/types.ts';
import { likeContains } from '../../lib/sql.ts';

/** Kysely queries of the notebooks module (issue 12); the service decides, these only read and write. */

/* ---- categories ---- */

export const listCategories = (db: Db): Promise<NotebookCategoryRow[]> =>
  db.selectFrom('notebook_categories').selectAll().orderBy('sort').orderBy('id').execute();

export const findCategory = (db: Db, id: number) =>
  db.selectFrom('notebook_categories').selectAll().where('id', '=', id).executeTakeFirst();

export const insertCategory = (db: Db, row: Insertable<NotebookCategoriesTable>) =>
  db.insertInto('notebook_categories').values(row).returningAll().executeTakeFirstOrThrow();

export const updateCategory = (db: Db, id: number, changes: Updateable<NotebookCategoriesTable>) =>
  db.updateTable('notebook_categories').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notebook_categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function categoryInUse(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('notebooks').select('id').where('category_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Accepted notebooks per category. */
export async function acceptedCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('notebooks')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('contribution', '=', 'accepted')
    .where('category_id', 'is not', null)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
}

export async function isCategoryCover(db: Db, fileId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notebook_categories')
    .select('id')
    .where('cover_file_id', '=', fileId)
    .executeTakeFirst();
  return row !== undefined;
}

/* ---- notebooks ---- */

/** The owner's public fields, beside a notebook or a deliverable. */
const OWNER_FIELDS = [
  'users.truename as owner_truename',
  'users.account as owner_account',
  'users.avatar_key as owner_avatar',
] as const;

/** A notebook row with its owner's public fields. */
const withOwner = (db: Db) =>
  db
    .selectFrom('notebooks')
    .innerJoin('users', 'users.id', 'notebooks.owner_id')
    .selectAll('notebooks')
    .select(OWNER_FIELDS);

/**
 * What a list shows of a notebook: every column but the two documents (`content`, `published`,
 * up to NOTEBOOK_MAX_BYTES each), which a page of summaries never needs.
 */
const SUMMARY_COLUMNS = [
  'notebooks.id',
  'notebooks.owner_id',
  'notebooks.title',
  'notebooks.description',
  'notebooks.category_id',
  'notebooks.cover_file_id',
  'notebooks.cells',
  'notebooks.version',
  'notebooks.rev',
  'notebooks.state',
  'notebooks.contribution',
  'notebooks.reject_reason',
  'notebooks.published_cells',
  'notebooks.published_at',
  'notebooks.contributed_at',
  'notebooks.accepted_at',
  'notebooks.created_at',
  'notebooks.updated_at',
] as const;

/** A notebook's summary (no documents) with its owner's public fields. */
const summaryWithOwner = (db: Db) =>
  db
    .selectFrom('notebooks')
    .innerJoin('users', 'users.id', 'notebooks.owner_id')
    .select(SUMMARY_COLUMNS)
    .select(OWNER_FIELDS);

export type NotebookSummaryRow = Awaited<ReturnType<typeof listNotebooks>>[number];

export type NotebookWithOwner = Awaited<ReturnType<typeof findNotebook>> & object;

export const findNotebook = (db: Db, id: number) => withOwner(db).where('notebooks.id', '=', id).executeTakeFirst();

export const insertNotebook = (db: Db, row: Insertable<NotebooksTable>) =>
  db.insertInto('notebooks').values(row).returning('id').executeTakeFirstOrThrow();

/** A guarded update: changes the row only while `where` still holds; true when it did. */
export async function updateNotebook(
  db: Db,
  id: number,
  guard: { rev?: number; version?: number; state?: string; contribution?: readonly string[] },
  changes: Updateable<NotebooksTable>,
): Promise<boolean> {
  let query = db
    .updateTable('notebooks')
    .set({ ...changes, rev: sql<number>`rev + 1` })
    .where('id', '=', id);
  if (guard.rev !== undefined) query = query.where('rev', '=', guard.rev);
  if (guard.version !== undefined) query = query.where('version', '=', guard.version);
  if (guard.state !== undefined) query = query.where('state', '=', guard.state);
  if (guard.contribution !== undefined) query = query.where('contribution', 'in', [...guard.contribution]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteNotebook(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notebooks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface NotebookFilter {
  ownerId?: number;
  state?: string;
  contribution?: string;
  categoryId?: number;
  keyword?: string;
}

function filtered(db: Db, f: NotebookFilter) {
  let q = summaryWithOwner(db);
  if (f.ownerId !== undefined) q = q.where('notebooks.owner_id', '=', f.ownerId);
  if (f.state !== undefined) q = q.where('notebooks.state', '=', f.state);
  if (f.contribution !== undefined) q = q.where('notebooks.contribution', '=', f.contribution);
  if (f.categoryId !== undefined) q = q.where('notebooks.category_id', '=', f.categoryId);
  if (f.keyword) {
    const like = likeContains(f.keyword);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('notebooks.title')} like ${like} escape '\\'`,
        sql<boolean>`${eb.ref('notebooks.description')} like ${like} escape '\\'`,
      ]),
    );
  }
  return q;
}

export async function listNotebooks(
  db: Db,
  f: NotebookFilter,
  order: 'updated' | 'accepted' | 'contributed' | 'published',
  limit: number,
  offset: number,
) {
  let q = filtered(db, f);
  if (order === 'updated') q = q.orderBy('notebooks.updated_at', 'desc').orderBy('notebooks.id', 'desc');
  else if (order === 'accepted') q = q.orderBy('notebooks.accepted_at', 'desc').orderBy('notebooks.id', 'desc');
  else if (order === 'published') q = q.orderBy('notebooks.published_at', 'desc').orderBy('notebooks.id', 'desc');
  else q = q.orderBy('notebooks.contributed_at', 'asc').orderBy('notebooks.id', 'asc');
  return q.limit(limit).offset(offset).execute();
}

export async function countNotebooks(db: Db, f: NotebookFilter): Promise<number> {
  const row = await filtered(db, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The notebooks whose cover this file is (an owner may give several the same one). */
export const notebooksOfCover = (db: Db, fileId: number) =>
  db
    .selectFrom('notebooks')
    .select(['owner_id', 'state', 'contribution'])
    .where('cover_file_id', '=', fileId)
    .execute();

/* ---- attachments ---- */

export const listAttachments = (db: Db, notebookId: number) =>
  db.selectFrom('notebook_attachments').selectAll().where('notebook_id', '=', notebookId).orderBy('id').execute();

export const findAttachment = (db: Db, id: number) =>
  db.selectFrom('notebook_attachments').selectAll().where('id', '=', id).executeTakeFirst();

export const insertAttachment = (db: Db, row: Insertable<NotebookAttachmentsTable>) =>
  db.insertInto('notebook_attachments').values(row).returningAll().executeTakeFirstOrThrow();

export async function deleteAttachment(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notebook_attachments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countAttachments(db: Db, notebookId: number): Promise<number> {
  const row = await db
    .selectFrom('notebook_attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('notebook_id', '=', notebookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/* ---- deliverables ---- */

export const insertDeliverable = (db: Db, row: Insertable<NotebookDeliverablesTable>) =>
  db.insertInto('notebook_deliverables').values(row).returning('id').executeTakeFirstOrThrow();

const deliverableWithOwner = (db: Db) =>
  db
    .selectFrom('notebook_deliverables')
    .innerJoin('users', 'users.id', 'notebook_deliverables.owner_id')
    .selectAll('notebook_deliverables')
    .select(OWNER_FIELDS);

export const findDeliverable = (db: Db, id: number) =>
  deliverableWithOwner(db).where('notebook_deliverables.id', '=', id).executeTakeFirst();

/** A target's deliverables without their frozen documents (a list shows titles). */
export const listDeliverables = (db: Db, target: string, targetId: number) =>
  db
    .selectFrom('notebook_deliverables')
    .innerJoin('users', 'users.id', 'notebook_deliverables.owner_id')
    .select([
      'notebook_deliverables.id',
      'notebook_deliverables.notebook_id',
      'notebook_deliverables.target',
      'notebook_deliverables.target_id',
      'notebook_deliverables.title',
      'notebook_deliverables.owner_id',
      'notebook_deliverables.created_at',
    ])
    .select(OWNER_FIELDS)
    .where('notebook_deliverables.target', '=', target)
    .where('notebook_deliverables.target_id', '=', targetId)
    .orderBy('notebook_deliverables.id', 'desc')
    .execute();

export async function deleteDeliverable(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notebook_deliverables').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

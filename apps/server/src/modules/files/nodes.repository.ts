import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, FileNodeRow, FileNodesTable } from '../../db/types.ts';

/** Kysely queries over the folder trees; services pass a transaction when they need one. */

type Sort = 'name' | 'updated_at' | 'size';

/** The path every descendant of a node starts with. */
export const subtreePrefix = (node: Pick<FileNodeRow, 'path' | 'id'>): string => `${node.path}${node.id}/`;

/** `path` starts with `prefix` (substr keeps it portable and free of LIKE escaping). */
const pathStartsWith = (prefix: string) => sql<boolean>`substr(path, 1, ${prefix.length}) = ${prefix}`;

export const findNode = (db: Db, id: number): Promise<FileNodeRow | undefined> =>
  db.selectFrom('file_nodes').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Locks a live node's row for the rest of the transaction and answers its current values (a no-op
 * UPDATE … RETURNING: on PostgreSQL it waits for a concurrent writer and returns what that writer
 * committed); undefined when the node is gone, or not in `state`: 'live' (not in the trash) or
 * 'trashRoot' (the node a trash batch was deleted with, still in the trash).
 */
export async function lockNode(
  db: Db,
  id: number,
  state: 'live' | 'trashRoot' = 'live',
): Promise<FileNodeRow | undefined> {
  let query = db
    .updateTable('file_nodes')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id);
  query =
    state === 'live'
      ? query.where('trashed_at', 'is', null)
      : query.where('trashed_at', 'is not', null).whereRef('trash_root_id', '=', 'id');
  return query.returningAll().executeTakeFirst();
}

export async function findNodes(db: Db, ids: readonly number[]): Promise<FileNodeRow[]> {
  // Guard against an empty id list: SQL "IN ()" is a syntax error.
  if (!ids.length) return [];
  return db
    .selectFrom('file_nodes')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export const insertNode = (db: Db, node: Insertable<FileNodesTable>): Promise<FileNodeRow> =>
  db.insertInto('file_nodes').values(node).returningAll().executeTakeFirstOrThrow();

/** One page of a folder's live children: folders first, then by the chosen column. */
export function childrenPage(
  db: Db,
  parentId: number,
  sort: Sort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<FileNodeRow[]> {
  const column = sort === 'name' ? 'name_key' : sort;
  return db
    .selectFrom('file_nodes')
    .selectAll()
    .where('parent_id', '=', parentId)
    .where('trashed_at', 'is', null)
    .orderBy('is_dir', 'desc')
    .orderBy(column, order)
    .orderBy('id', order)
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countChildren(db: Db, parentId: number): Promise<number> {
  const row = await db
    .selectFrom('file_nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', parentId)
    .where('trashed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Keys of a folder's live children whose name starts like `baseKey` (the candidates a new name may clash with). */
export async function takenNameKeys(db: Db, parentId: number, baseKey: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('file_nodes')
    .select('name_key')
    .where('parent_id', '=', parentId)
    .where('trashed_at', 'is', null)
    .where(sql<boolean>`substr(name_key, 1, ${[...baseKey].length}) = ${baseKey}`)
    .execute();
  return new Set(rows.map((r) => r.name_key));
}

export const liveChildByKey = (db: Db, parentId: number, key: string) =>
  db
    .selectFrom('file_nodes')
    .select(['id', 'name'])
    .where('parent_id', '=', parentId)
    .where('name_key', '=', key)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();

/** Every node below `node` (not the node itself), live ones only unless `all`. */
export function descendants(db: Db, node: FileNodeRow, all = false): Promise<FileNodeRow[]> {
  let query = db
    .selectFrom('file_nodes')
    .selectAll()
    .where('space_id', '=', node.space_id)
    .where(pathStartsWith(subtreePrefix(node)));
  if (!all) query = query.where('trashed_at', 'is', null);
  return query.orderBy('depth').orderBy('name_key').execute();
}

export async function deepestBelow(db: Db, node: FileNodeRow): Promise<number> {
  const row = await db
    .selectFrom('file_nodes')
    .select((eb) => eb.fn.max('depth').as('depth'))
    .where('space_id', '=', node.space_id)
    .where(pathStartsWith(subtreePrefix(node)))
    .executeTakeFirst();
  return row?.depth === null || row?.depth === undefined ? node.depth : Number(row.depth);
}

/** Moves a node (and its subtree) under `target`, optionally renaming it. */
export async function reparent(
  db: Db,
  node: FileNodeRow,
  target: FileNodeRow,
  changes: { name?: string; nameKey?: string; now: string; by: number | null },
): Promise<void> {
  const newPath = subtreePrefix(target);
  const delta = target.depth + 1 - node.depth;
  await db
    .updateTable('file_nodes')
    .set({
      parent_id: target.id,
      path: newPath,
      depth: target.depth + 1,
      updated_at: changes.now,
      updated_by: changes.by,
      ...(changes.name ? { name: changes.name, name_key: changes.nameKey } : {}),
    })
    .where('id', '=', node.id)
    .execute();
  const oldPrefix = subtreePrefix(node);
  const newPrefix = `${newPath}${node.id}/`;
  if (oldPrefix === newPrefix) return;
  await db
    .updateTable('file_nodes')
    .set({
      path: sql`cast(${newPrefix} as text) || substr(path, cast(${oldPrefix.length + 1} as integer))`,
      depth: sql`depth + cast(${delta} as integer)`,
    })
    .where('space_id', '=', node.space_id)
    .where(pathStartsWith(oldPrefix))
    .execute();
}

export async function renameNode(
  db: Db,
  id: number,
  name: string,
  key: string,
  now: string,
  by: number,
): Promise<void> {
  await db
    .updateTable('file_nodes')
    .set({ name, name_key: key, updated_at: now, updated_by: by })
    .where('id', '=', id)
    .execute();
}

/** Puts a node and its live subtree in the trash as one batch (trash_root_id = the node). */
export async function trashSubtree(db: Db, node: FileNodeRow, now: string, by: number | null): Promise<void> {
  const mark = { trashed_at: now, trashed_by: by, trash_root_id: node.id };
  await db.updateTable('file_nodes').set(mark).where('id', '=', node.id).execute();
  await db
    .updateTable('file_nodes')
    .set(mark)
    .where('space_id', '=', node.space_id)
    .where(pathStartsWith(subtreePrefix(node)))
    .where('trashed_at', 'is', null)
    .execute();
}

/** Takes a trash batch out of the trash. */
export async function untrashBatch(db: Db, spaceId: number, rootId: number): Promise<void> {
  await db
    .updateTable('file_nodes')
    .set({ trashed_at: null, trashed_by: null, trash_root_id: null })
    .where('space_id', '=', spaceId)
    .where('trash_root_id', '=', rootId)
    .execute();
}

/**
 * Deletes a node and everything below it; returns the file rows this call deleted (for quota and
 * blobs). Files go first with RETURNING, so the bytes released are exactly the rows this statement
 * removed: a concurrent purge of an overlapping subtree cannot count them again (PostgreSQL skips
 * rows another transaction deleted), and no file is removed by a folder's cascade, which
 * RETURNING would not report on SQLite. Then the folders, which hold no bytes.
 */
export async function deleteSubtree(
  db: Db,
  node: FileNodeRow,
): Promise<{ stored_file_id: number | null; size: number; is_dir: number }[]> {
  const inSubtree = (eb: ExpressionBuilder<Database, 'file_nodes'>) =>
    eb.or([eb('id', '=', node.id), pathStartsWith(subtreePrefix(node))]);
  const files = await db
    .deleteFrom('file_nodes')
    .where('space_id', '=', node.space_id)
    .where('is_dir', '=', 0)
    .where(inSubtree)
    .returning(['stored_file_id', 'size', 'is_dir'])
    .execute();
  await db.deleteFrom('file_nodes').where('space_id', '=', node.space_id).where(inSubtree).execute();
  return files;
}

export function trashRoots(db: Db, spaceId: number, limit: number, offset: number): Promise<FileNodeRow[]> {
  return db
    .selectFrom('file_nodes')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('trashed_at', 'is not', null)
    .whereRef('trash_root_id', '=', 'id')
    .orderBy('trashed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTrashRoots(db: Db, spaceId: number): Promise<number> {
  const row = await db
    .selectFrom('file_nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('space_id', '=', spaceId)
    .where('trashed_at', 'is not', null)
    .whereRef('trash_root_id', '=', 'id')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const expiredTrashRoots = (db: Db, trashedBefore: string, limit: number) =>
  db
    .selectFrom('file_nodes')
    .selectAll()
    .where('trashed_at', '<', trashedBefore)
    .whereRef('trash_root_id', '=', 'id')
    .orderBy('trashed_at')
    .limit(limit)
    .execute();

export async function namesById(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('file_nodes')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/* Stored bytes. Several nodes may share one stored file (copies); the bytes go with the last. */

export const findStoredFile = (db: Db, id: number) =>
  db
    .selectFrom('stored_files')
    .select(['id', 'storage_key', 'original_name', 'mime', 'size', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();

export async function storedFilesOf(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('stored_files')
    .select(['id', 'storage_key'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertStoredFile(
  db: Db,
  file: {
    storage_key: string;
    original_name: string;
    mime: string;
    size: number;
    sha256: string;
    owner_id: number | null;
    created_at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('stored_files')
    .values({ ...file, purpose: 'space' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Of these stored files, the ones no node refers to any more. */
export async function unreferencedStoredFiles(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; storage_key: string }[]> {
  if (!ids.length) return [];
  const used = await db
    .selectFrom('file_nodes')
    .select('stored_file_id')
    .distinct()
    .where('stored_file_id', 'in', [...ids])
    .execute();
  const stillUsed = new Set(used.map((r) => r.stored_file_id));
  const candidates = ids.filter((id) => !stillUsed.has(id));
  return storedFilesOf(db, candidates);
}

export async function deleteStoredFiles(db: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .deleteFrom('stored_files')
    .where('id', 'in', [...ids])
    .execute();
}

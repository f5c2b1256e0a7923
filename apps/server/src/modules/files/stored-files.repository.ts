import type { Db } from '../../db/database.ts';

/** Kysely queries over `stored_files` rows of attached files (avatars, logos, certificates). */

export async function insertAttachedFile(
  db: Db,
  row: {
    storage_key: string;
    original_name: string;
    mime: string;
    size: number;
    sha256: string;
    owner_id: number;
    purpose: string;
    created_at: string;
  },
) {
  return db
    .insertInto('stored_files')
    .values(row)
    .returning(['id', 'original_name', 'mime', 'size', 'owner_id', 'storage_key'])
    .executeTakeFirstOrThrow();
}

export async function findAttachedFiles(db: Db, ids: readonly number[]) {
  // Guard against an empty id list: SQL "IN ()" is a syntax error.
  if (ids.length === 0) return [];
  return db
    .selectFrom('stored_files')
    .select(['id', 'original_name', 'mime', 'size', 'owner_id', 'purpose', 'storage_key'])
    .where('id', 'in', [...ids])
    .execute();
}

export const findByKey = (db: Db, storageKey: string) =>
  db.selectFrom('stored_files').select(['mime', 'size']).where('storage_key', '=', storageKey).executeTakeFirst();

export async function deleteByKey(db: Db, storageKey: string): Promise<void> {
  await db.deleteFrom('stored_files').where('storage_key', '=', storageKey).execute();
}

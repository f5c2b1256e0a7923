import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * The storage write journal (issue 14 §2, modules/files/storage-journal.ts): a row per object
 * write, committed before the first byte goes to storage. An object is recorded (it has a
 * `stored_files` row) in a later transaction; a process killed between the two leaves an object
 * nothing names, which the sweep finds here and removes, without listing the bucket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_writes')
    .addColumn('storage_key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('started_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('storage_writes_started').on('storage_writes').column('started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_writes').execute();
}

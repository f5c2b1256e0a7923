import { sql, type Kysely } from 'kysely';

/**
 * The outbox keeps a message only until what it carries is worthless (issue 9 §10): a verification
 * code's message expires with the code, and a purge job deletes it then. Rows written before this
 * migration (codes long expired) expire at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('expires_at', 'varchar(30)').execute();
  await sql`update outbox set expires_at = created_at, code = null`.execute(db);
  await db.schema.createIndex('outbox_expires').on('outbox').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_expires').execute();
  await db.schema.alterTable('outbox').dropColumn('expires_at').execute();
}

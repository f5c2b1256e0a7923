import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * Live kernels (issue 12, modules/kernels): one row per user who holds a Jupyter kernel. The
 * primary key on user_id is the one-kernel-per-user rule: a start reserves the row before it asks
 * Jupyter, so of parallel starts exactly one inserts and the others get 409. `kernel_id` stays
 * null while the kernel is being started.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kernel_sessions')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('kernel_id', 'varchar(64)', (col) => col.unique())
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kernel_sessions').execute();
}

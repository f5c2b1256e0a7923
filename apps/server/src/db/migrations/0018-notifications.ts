import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * In-app notifications (issue 13, DESIGN §4, §13):
 * - `notifications`: one row per event for the user it concerns; the title is rendered at read time
 *   from `kind` and `params` (JSON text) in the reader's locale. Listed by `(user_id, id)` newest
 *   first; the bell's unread count is one range count on `(user_id, read_at)`.
 * - `notification_prefs`: a user's WeChat switch per category; no row = on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', notNull)
    .addColumn('category', 'varchar(20)', notNull)
    .addColumn('target_type', 'varchar(40)', notNull)
    .addColumn('target_id', 'integer', notNull)
    .addColumn('params', 'text', notNull)
    .addColumn('read_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_user_read')
    .on('notifications')
    .columns(['user_id', 'read_at', 'id'])
    .execute();

  await db.schema
    .createTable('notification_prefs')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'varchar(20)', notNull)
    .addColumn('wechat', 'integer', notNull)
    .addPrimaryKeyConstraint('notification_prefs_pk', ['user_id', 'category'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_prefs').execute();
  await db.schema.dropTable('notifications').execute();
}

import { sql, type Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Messaging (issue 13, DESIGN §13), the two tables the WeChat binding, code delivery and
 * notifications share:
 * - `wechat_bindings`: a user's binding to the official account (one per user, one per openid).
 * - the outbox becomes a delivery queue: each row is tried by a sender (modules/platform/delivery)
 *   until `sent_at` is set or it expires; `attempts`, `next_attempt_at` and `last_error` (never the
 *   code) record the retries. `kind` is `code` (a verification code) or `notice` (a notification
 *   pushed to WeChat); `user_id` is the recipient's account where there is one.
 * Rows queued before this migration count as sent: the development outbox delivered them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('wechat_bindings'))
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('openid', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('nick_name', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await db.schema
    .alterTable('outbox')
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().defaultTo('code'))
    .execute();
  await db.schema.alterTable('outbox').addColumn('user_id', 'integer').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'varchar(30)').execute();
  await db.schema.alterTable('outbox').addColumn('sent_at', 'varchar(30)').execute();
  await db.schema.alterTable('outbox').addColumn('last_error', 'varchar(300)').execute();
  await sql`update outbox set sent_at = created_at`.execute(db);
  // The sender's scan: unsent rows that are due.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_due').execute();
  for (const column of ['last_error', 'sent_at', 'next_attempt_at', 'attempts', 'user_id', 'kind']) {
    await db.schema.alterTable('outbox').dropColumn(column).execute();
  }
  await db.schema.dropTable('wechat_bindings').execute();
}

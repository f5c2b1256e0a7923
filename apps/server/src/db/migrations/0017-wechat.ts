import { sql, type Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * WeChat binding (issue 13, DESIGN §13; modules/wechat):
 * - `wechat_scenes`: one temporary QR scene per bind attempt. `state` waiting → scanned (the
 *   openid that scanned it, the code sent to it, hashed) → bound, or conflict (that openid is bound
 *   to someone else). The code dies with the scene (`expires_at`) or after 5 wrong guesses
 *   (`attempts`, reserved by a guarded update before comparing). Bound scenes are kept: they tell
 *   whether a binding is the user's first. One live (waiting/scanned/conflict) scene per user.
 * - `wechat_events`: the callback's dedupe of WeChat's retries, one row per FromUserName +
 *   CreateTime with the passive reply given, so a replay gets the same answer and changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('wechat_scenes'))
    .addColumn('scene_str', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket', 'varchar(200)', notNull)
    .addColumn('url', 'varchar(300)', notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('openid', 'varchar(64)')
    .addColumn('nick_name', 'varchar(100)')
    .addColumn('code_hash', 'varchar(64)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('wechat_scenes_user').on('wechat_scenes').columns(['user_id', 'id']).execute();
  // At most one live scene per user: parallel first polls agree on one QR code (a partial index,
  // which SQLite and PostgreSQL both have). Ended scenes are moved out of these states first.
  await db.schema
    .createIndex('wechat_scenes_live')
    .on('wechat_scenes')
    .column('user_id')
    .unique()
    .where(sql.ref('state'), 'in', ['waiting', 'scanned', 'conflict'])
    .execute();

  await withId(db, db.schema.createTable('wechat_events'))
    .addColumn('from_user', 'varchar(64)', notNull)
    .addColumn('create_time', 'varchar(20)', notNull)
    .addColumn('reply', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addUniqueConstraint('wechat_events_once', ['from_user', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wechat_events').execute();
  await db.schema.dropTable('wechat_scenes').execute();
}

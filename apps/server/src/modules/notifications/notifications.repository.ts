import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NotificationRow, NotificationsTable } from '../../db/types.ts';

/** Kysely queries over `notifications` and `notification_prefs`; each takes the handle or a transaction. */

export const insertNotification = (db: Db, row: Insertable<NotificationsTable>): Promise<void> =>
  db
    .insertInto('notifications')
    .values(row)
    .execute()
    .then(() => undefined);

/** One user's, newest first (index `notifications_user_id`, or `notifications_user_read` for the unread). */
export const listNotifications = (
  db: Db,
  userId: number,
  unreadOnly: boolean,
  limit: number,
  offset: number,
): Promise<NotificationRow[]> => {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (unreadOnly) query = query.where('read_at', 'is', null);
  return query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
};

/** How many a user has (unread only: the bell), one range count on an index. */
export async function countNotifications(db: Db, userId: number, unreadOnly: boolean): Promise<number> {
  let query = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (unreadOnly) query = query.where('read_at', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the user's own unread rows among `ids` read (anyone else's ids match nothing); how many changed. */
export async function markRead(db: Db, userId: number, ids: readonly number[] | 'all', at: string): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  // Guard against an empty id list: SQL "IN ()" is a syntax error.
  if (ids !== 'all') {
    if (ids.length === 0) return 0;
    query = query.where('id', 'in', [...ids]);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The categories a user turned WeChat off (or back on) for; a category without a row is on. */
export const prefsOf = (db: Db, userId: number) =>
  db.selectFrom('notification_prefs').select(['category', 'wechat']).where('user_id', '=', userId).execute();

export const wechatPrefOf = (db: Db, userId: number, category: string) =>
  db
    .selectFrom('notification_prefs')
    .select('wechat')
    .where('user_id', '=', userId)
    .where('category', '=', category)
    .executeTakeFirst();

export const upsertPref = (db: Db, userId: number, category: string, wechat: number) =>
  db
    .insertInto('notification_prefs')
    .values({ user_id: userId, category, wechat })
    .onConflict((oc) => oc.columns(['user_id', 'category']).doUpdateSet({ wechat }))
    .execute();

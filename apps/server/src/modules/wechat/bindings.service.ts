import type { Db } from '../../db/database.ts';

/** A user's WeChat binding (migration 0016), for code delivery and notifications; undefined = not bound. */
export const wechatBindingOf = (db: Db, userId: number) =>
  db
    .selectFrom('wechat_bindings')
    .select(['openid', 'nick_name', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

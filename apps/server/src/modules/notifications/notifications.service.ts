import { NOTIFICATION_WECHAT_TTL_MS } from '@mathbridge/contracts/constants';
import type { Locale } from '@mathbridge/contracts/locales';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_KINDS,
  notificationTitle,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPref,
  type NotificationPrefsSave,
  type NotificationRead,
  type NotificationUnreadCount,
} from '@mathbridge/contracts/notifications';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { linkOf } from '../../lib/links.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { queueMessage } from '../platform/outbox.service.ts';
import { wechatBindingOf } from '../wechat/bindings.service.ts';
import { presentNotification } from './notifications.presenter.ts';
import * as repo from './notifications.repository.ts';

/**
 * In-app notifications (issue 13, DESIGN §4, §13). Other modules call `notify` inside the
 * transaction of the transition that concerns someone; the rest serves the bell and the page.
 */

export interface NewNotification {
  /** Who the change concerns. */
  userId: number;
  kind: NotificationKind;
  /** The object the notification is about; its module's links make the web path (lib/links.ts). */
  target: { type: string; id: number };
  /** Title (and path) parameters; see contracts notifications.ts for the translated ones. */
  params: Record<string, string>;
  /** Who made the change: nobody is notified of their own action. */
  actorId?: number;
}

/**
 * Records a notification, and queues a WeChat message (the title in zh-CN) when the user is bound
 * and has not turned WeChat off for the kind's category. Pass the transition's transaction: a
 * rolled-back transition leaves neither.
 */
export async function notify(trx: Db, notification: NewNotification): Promise<void> {
  if (notification.actorId === notification.userId) return;
  const category = NOTIFICATION_KINDS[notification.kind];
  const now = nowIso();
  const path = await linkOf(trx, {
    kind: notification.kind,
    target: notification.target,
    params: notification.params,
    reader: { userId: notification.userId },
  });
  await repo.insertNotification(trx, {
    user_id: notification.userId,
    kind: notification.kind,
    category,
    target_type: notification.target.type,
    target_id: notification.target.id,
    params: JSON.stringify(notification.params),
    path,
    read_at: null,
    created_at: now,
  });
  const binding = await wechatBindingOf(trx, notification.userId);
  if (!binding) return;
  const pref = await repo.wechatPrefOf(trx, notification.userId, category);
  if (pref && pref.wechat === 0) return;
  await queueMessage(trx, {
    channel: 'wechat',
    user_id: notification.userId,
    recipient: binding.openid,
    body: notificationTitle('zh-CN', notification.kind, notification.params),
    created_at: now,
    expires_at: new Date(Date.parse(now) + NOTIFICATION_WECHAT_TTL_MS).toISOString(),
  });
}

/** GET notification/list: the caller's own, newest first; `unread=1` only the unread. */
export async function listNotifications(
  ctx: AppContext,
  caller: Caller,
  query: NotificationListQuery,
  locale: Locale,
): Promise<NotificationPage> {
  const unread = query.unread === 1;
  const [rows, total] = await Promise.all([
    repo.listNotifications(ctx.db, caller.id, unread, query.page_size, offsetOf(query)),
    repo.countNotifications(ctx.db, caller.id, unread),
  ]);
  return pageOf(
    query,
    rows.map((row) => presentNotification(row, locale)),
    total,
  );
}

/** GET notification/unreadCount: the bell's number (polled): one indexed count. */
export async function unreadCount(ctx: AppContext, caller: Caller): Promise<NotificationUnreadCount> {
  return { count: await repo.countNotifications(ctx.db, caller.id, true) };
}

/** POST notification/read: marks the caller's own among `ids`; anyone else's ids silently change nothing. */
export async function markRead(ctx: AppContext, caller: Caller, input: NotificationRead): Promise<{ changed: number }> {
  return { changed: await repo.markRead(ctx.db, caller.id, input.ids, nowIso()) };
}

/** POST notification/readAll: every unread of the caller's, audited (it cannot be undone). */
export async function markAllRead(ctx: AppContext, caller: Caller, ip: string): Promise<{ changed: number }> {
  return inTransaction(ctx.db, async (trx) => {
    const changed = await repo.markRead(trx, caller.id, 'all', nowIso());
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notification.readAll',
      targetType: 'user',
      targetId: caller.id,
      detail: { changed },
      ip,
    });
    return { changed };
  });
}

/** GET notification/prefs: every category's WeChat switch (on unless turned off). */
export async function notificationPrefs(ctx: AppContext, caller: Caller): Promise<NotificationPref[]> {
  const saved = new Map((await repo.prefsOf(ctx.db, caller.id)).map((row) => [row.category, row.wechat]));
  return NOTIFICATION_CATEGORIES.map((category) => ({ category, wechat: saved.get(category) === 0 ? 0 : 1 }));
}

/** POST notification/savePrefs: sets the named categories' switches; answers all of them. */
export async function saveNotificationPrefs(
  ctx: AppContext,
  caller: Caller,
  input: NotificationPrefsSave,
  ip: string,
): Promise<NotificationPref[]> {
  await inTransaction(ctx.db, async (trx) => {
    for (const pref of input.prefs) await repo.upsertPref(trx, caller.id, pref.category, pref.wechat);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notification.prefs',
      targetType: 'user',
      targetId: caller.id,
      detail: { prefs: input.prefs },
      ip,
    });
  });
  return notificationPrefs(ctx, caller);
}

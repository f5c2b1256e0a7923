import { endpoint } from '../endpoint.ts';
import {
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationPrefListSchema,
  NotificationPrefsSaveSchema,
  NotificationReadSchema,
  NotificationsChangedSchema,
  NotificationUnreadCountSchema,
} from '../notifications.ts';

/**
 * In-app notifications (issue 13): every signed-in user, verified or not, their own only. The
 * header polls `unreadCount`, so it stays one indexed count.
 */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'notification/list',
    summary: "The caller's notifications, newest first (unread=1: only the unread)",
    auth: 'user',
    input: NotificationListQuerySchema,
    output: NotificationPageSchema,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: 'notification/unreadCount',
    summary: "How many of the caller's notifications are unread (the bell)",
    auth: 'user',
    output: NotificationUnreadCountSchema,
  }),
  read: endpoint({
    method: 'POST',
    path: 'notification/read',
    summary: "Marks the caller's own among the ids read; anyone else's change nothing",
    auth: 'user',
    input: NotificationReadSchema,
    output: NotificationsChangedSchema,
  }),
  readAll: endpoint({
    method: 'POST',
    path: 'notification/readAll',
    summary: "Marks every unread notification of the caller's read (audited)",
    auth: 'user',
    output: NotificationsChangedSchema,
  }),
  prefs: endpoint({
    method: 'GET',
    path: 'notification/prefs',
    summary: "Every category's WeChat switch (on unless turned off)",
    auth: 'user',
    output: NotificationPrefListSchema,
  }),
  savePrefs: endpoint({
    method: 'POST',
    path: 'notification/savePrefs',
    summary: "Sets the named categories' WeChat switches; answers every category's",
    auth: 'user',
    input: NotificationPrefsSaveSchema,
    output: NotificationPrefListSchema,
  }),
} as const;

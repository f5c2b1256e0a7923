import {
  NotificationListQuerySchema,
  NotificationPrefsSaveSchema,
  NotificationReadSchema,
} from '@mathbridge/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import * as service from './notifications.service.ts';

/**
 * Notifications (module `notification`): every signed-in user, verified or not, their own only.
 * The header polls `unreadCount`, so it stays one indexed count.
 */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'GET',
    path: 'notification/list',
    auth: 'user',
    input: NotificationListQuerySchema,
    handler: ({ caller, input, locale }) => service.listNotifications(ctx, caller, input, locale),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notification/unreadCount',
    auth: 'user',
    handler: ({ caller }) => service.unreadCount(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'notification/read',
    auth: 'user',
    input: NotificationReadSchema,
    handler: ({ caller, input }) => service.markRead(ctx, caller, input),
  });
  defineCall(app, {
    method: 'POST',
    path: 'notification/readAll',
    auth: 'user',
    handler: ({ caller, ip }) => service.markAllRead(ctx, caller, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notification/prefs',
    auth: 'user',
    handler: ({ caller }) => service.notificationPrefs(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'notification/savePrefs',
    auth: 'user',
    input: NotificationPrefsSaveSchema,
    handler: ({ caller, input, ip }) => service.saveNotificationPrefs(ctx, caller, input, ip),
  });
}

import { notificationEndpoints as calls } from '@mathbridge/contracts/endpoints/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import * as service from './notifications.service.ts';

/**
 * Notifications (module `notification`): the calls of contracts' endpoints/notifications.ts. Every
 * signed-in user, verified or not, their own only.
 */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, calls.list, ({ caller, input, locale }) => service.listNotifications(ctx, caller, input, locale));
  defineCall(app, calls.unreadCount, ({ caller }) => service.unreadCount(ctx, caller));
  defineCall(app, calls.read, ({ caller, input }) => service.markRead(ctx, caller, input));
  defineCall(app, calls.readAll, ({ caller, ip }) => service.markAllRead(ctx, caller, ip));
  defineCall(app, calls.prefs, ({ caller }) => service.notificationPrefs(ctx, caller));
  defineCall(app, calls.savePrefs, ({ caller, input, ip }) => service.saveNotificationPrefs(ctx, caller, input, ip));
}

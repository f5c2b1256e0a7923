import type { Locale } from '@mathbridge/contracts/locales';
import {
  NOTIFICATION_KINDS,
  notificationLink,
  notificationTitle,
  type Notification,
  type NotificationKind,
} from '@mathbridge/contracts/notifications';
import type { RoleName } from '@mathbridge/contracts/roles';
import type { NotificationRow } from '../../db/types.ts';

/** A row → its API shape for its reader: the title in their locale, the link for their roles. */
export function presentNotification(row: NotificationRow, locale: Locale, roles: readonly RoleName[]): Notification {
  const params = JSON.parse(row.params) as Record<string, string>;
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    category: NOTIFICATION_KINDS[kind] ?? row.category,
    title: notificationTitle(locale, row.kind, params),
    link: notificationLink(row.kind, row.target_id, params, roles),
    read: row.read_at !== null,
    created_at: row.created_at,
  };
}

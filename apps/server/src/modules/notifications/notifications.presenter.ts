import type { Locale } from '@mathbridge/contracts/locales';
import {
  NOTIFICATION_KINDS,
  notificationTitle,
  type Notification,
  type NotificationKind,
} from '@mathbridge/contracts/notifications';
import type { NotificationRow } from '../../db/types.ts';

/** A row → its API shape for its reader: the title in their locale, the path made for them when it was made. */
export function presentNotification(row: NotificationRow, locale: Locale): Notification {
  const params = JSON.parse(row.params) as Record<string, string>;
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    category: NOTIFICATION_KINDS[kind] ?? row.category,
    title: notificationTitle(locale, row.kind, params),
    // Empty only for one an instance of the previous version made during an upgrade (0022).
    path: row.path || '/account/notifications',
    read: row.read_at !== null,
    created_at: row.created_at,
  };
}

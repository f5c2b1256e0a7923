import { z } from 'zod';
import { NOTIFICATION_READ_MAX_IDS } from './constants.ts';
import type { Locale } from './locales.ts';
import { translate, type ValidationKey } from './messages.ts';
import type { NOTIFICATION_TITLES } from './notification-titles.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { IdSchema } from './validation.ts';

/**
 * In-app notifications (issue 13, DESIGN §4, §13): every state change that concerns someone
 * becomes one for them. A notification stores its kind, its object (target), the parameters of its
 * title and the web path of its object (made when it is made, for its reader); the title is rendered
 * in the reader's locale when read. To-dos (workflow.ts) stay for what the user must act on.
 */

const key = (k: ValidationKey) => k;

/** What users choose WeChat delivery for, one switch each. */
export const NOTIFICATION_CATEGORIES = [
  'certification',
  'demand',
  'solution',
  'job',
  'member',
  'research',
  'notebook',
  'wish',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Each kind's category (its WeChat switch). */
export const NOTIFICATION_KINDS = {
  certificationApproved: 'certification',
  certificationRejected: 'certification',
  demandApproved: 'demand',
  demandRejected: 'demand',
  solutionReceived: 'solution',
  solutionAccepted: 'solution',
  solutionDeclined: 'solution',
  applicationMoved: 'job',
  applicationRejected: 'job',
  memberJoined: 'member',
  memberClaimApproved: 'member',
  memberClaimRejected: 'member',
  researchMemberJoined: 'research',
  researchApplyApproved: 'research',
  researchApplyRefused: 'research',
  phaseReviewed: 'research',
  wishResponded: 'wish',
  notebookAccepted: 'notebook',
  notebookRejected: 'notebook',
} as const satisfies Record<keyof (typeof NOTIFICATION_TITLES)['en-US'], NotificationCategory>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const isNotificationKind = (kind: string): kind is NotificationKind => Object.hasOwn(NOTIFICATION_KINDS, kind);

/**
 * Title parameters that are product words, stored as their key and shown in the reader's language:
 * `role` (a role name), `state` (an application's or a phase's state: STATE_CATALOG names its catalog),
 * `reason` (why a solution was declined or an application rejected: REASON_CATALOG; `reason_text`
 * is the decider's own words, appended).
 */
const STATE_CATALOG: Partial<Record<NotificationKind, string>> = {
  applicationMoved: 'applicationStates',
  phaseReviewed: 'phaseStates',
};
const REASON_CATALOG: Partial<Record<NotificationKind, string>> = {
  solutionDeclined: 'declineReasons',
  applicationRejected: 'applicationRejectReasons',
};

/** The title of a notification in a locale. */
export function notificationTitle(locale: Locale, kind: string, params: Record<string, string>): string {
  const shown = { ...params };
  if (shown.role) shown.role = translate(locale, `roles.${shown.role}`);
  const stateCatalog = STATE_CATALOG[kind as NotificationKind];
  if (shown.state && stateCatalog) shown.state = translate(locale, `${stateCatalog}.${shown.state}`);
  const reasonCatalog = REASON_CATALOG[kind as NotificationKind];
  if (shown.reason && reasonCatalog) {
    const reason = translate(locale, `${reasonCatalog}.${shown.reason}`);
    shown.reason = shown.reason_text ? `${reason} (${shown.reason_text})` : reason;
  }
  return translate(locale, `notifications.${kind}`, shown);
}

/* ---- inputs ---- */

/** `GET notification/list`: the caller's own, newest first; `unread=1` only the unread ones. */
export const NotificationListQuerySchema = PageQuerySchema.extend({
  unread: z.coerce.number().int().min(0).max(1).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** `POST notification/read`: marks the caller's own; ids of anyone else's change nothing. */
export const NotificationReadSchema = z.object({
  ids: z
    .array(IdSchema, { error: key('validation.invalid') })
    .min(1, key('validation.required'))
    .max(NOTIFICATION_READ_MAX_IDS, key('validation.invalid')),
});
export type NotificationRead = z.infer<typeof NotificationReadSchema>;

/** `POST notification/savePrefs`: the WeChat switch of one or more categories. */
export const NotificationPrefsSaveSchema = z.object({
  prefs: z
    .array(
      z.object({
        category: z.enum(NOTIFICATION_CATEGORIES, { error: key('validation.choose') }),
        wechat: z.coerce.number().int().min(0).max(1),
      }),
      { error: key('validation.invalid') },
    )
    .min(1, key('validation.required'))
    .max(NOTIFICATION_CATEGORIES.length, key('validation.invalid')),
});
export type NotificationPrefsSave = z.infer<typeof NotificationPrefsSaveSchema>;

/* ---- results ---- */

const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** In the reader's locale. */
  title: z.string(),
  /** The web page of its object (routes.ts), made by the server when the notification was made. */
  path: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = pageOf(NotificationSchema);
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** `GET notification/unreadCount`. */
export const NotificationUnreadCountSchema = z.object({ count: z.number().int() });
export type NotificationUnreadCount = z.infer<typeof NotificationUnreadCountSchema>;

/** `POST notification/read` / `readAll`: how many of the caller's notifications became read. */
export const NotificationsChangedSchema = z.object({ changed: z.number().int() });
export type NotificationsChanged = z.infer<typeof NotificationsChangedSchema>;

/** `GET notification/prefs`: every category, WeChat on unless the user turned it off. */
export const NotificationPrefSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  wechat: z.union([z.literal(0), z.literal(1)]),
});
export type NotificationPref = z.infer<typeof NotificationPrefSchema>;

/** `GET notification/prefs` and `POST notification/savePrefs`: one switch per category. */
export const NotificationPrefListSchema = z.array(NotificationPrefSchema);

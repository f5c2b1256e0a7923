import { z } from 'zod';
import { NOTIFICATION_READ_MAX_IDS } from './constants.ts';
import type { Locale } from './locales.ts';
import { translate, type ValidationKey } from './messages.ts';
import type { NOTIFICATION_TITLES } from './notification-titles.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import type { RoleName } from './roles.ts';
import { IdSchema } from './validation.ts';

/**
 * In-app notifications (issue 13, DESIGN §4, §13): every state change that concerns someone
 * becomes one for them. A notification stores its kind, its object (target) and the parameters of
 * its title; the title is rendered in the reader's locale when read, the link to its object for
 * the reader's roles. To-dos (workflow.ts) stay for what the user must act on.
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

const has = (roles: readonly RoleName[], role: RoleName) => roles.includes(role);

/** A research project's page for its owner (`kind` subject | direction, a custom subject's owner is a specialist). */
function ownerProjectPath(kind: string, id: number, roles: readonly RoleName[]): string {
  if (kind === 'direction') return `/manage/directionManage/detail/${id}`;
  return has(roles, 'ResearchInstitute')
    ? `/manage/subjectManage/detail/${id}`
    : `/manage/subjectManageS/customSubjectDetail?id=${id}`;
}

/** A research project for someone who applied to join it: where they work on it, or the pool's page. */
function joinerProjectPath(kind: string, id: number, roles: readonly RoleName[], joined: boolean): string {
  if (kind === 'direction')
    return joined && has(roles, 'Student')
      ? `/manage/directionManageStu/detail?id=${id}`
      : `/manage/directionsPool/detail/${id}`;
  return joined && has(roles, 'Specialist')
    ? `/manage/subjectManageS/detail?id=${id}`
    : `/manage/subjectsPool/detail/${id}`;
}

/** A research project's phases for a member who submitted an outcome. */
function memberPhasesPath(kind: string, id: number, roles: readonly RoleName[]): string {
  if (kind === 'direction')
    return has(roles, 'Student')
      ? `/manage/directionManageStu/detail?id=${id}&tab=phases`
      : `/manage/directionManage/planOutcomeDetail/${id}`;
  return has(roles, 'Specialist')
    ? `/manage/subjectManageS/detail?id=${id}&tab=phases`
    : `/manage/subjectManage/planOutcomeDetail/${id}`;
}

/**
 * The web path of a notification's object for its reader (the reader's roles choose the workspace
 * face, as the to-do list does). Parameters name what the target alone does not (a solution's demand,
 * a project's kind and id).
 */
export function notificationLink(
  kind: string,
  targetId: number,
  params: Record<string, string>,
  roles: readonly RoleName[],
): string {
  switch (kind as NotificationKind) {
    case 'certificationApproved':
    case 'certificationRejected':
    case 'memberClaimApproved':
    case 'memberClaimRejected':
      return params.role === 'Enterprise' || params.role === 'ResearchInstitute'
        ? '/account/institute-authentication'
        : '/account/individual-authentication';
    case 'demandApproved':
    case 'demandRejected':
      return `/manage/${has(roles, 'Enterprise') ? 'demandManage' : 'demandManageRI'}/detail/${targetId}`;
    case 'solutionReceived':
      return `/manage/${has(roles, 'Enterprise') ? 'demandManage' : 'demandManageRI'}/detail/${params.demand ?? ''}`;
    case 'solutionAccepted':
    case 'solutionDeclined':
      return `/manage/solutions?id=${targetId}`;
    case 'applicationMoved':
    case 'applicationRejected':
      return '/manage/myJob';
    case 'memberJoined':
      return '/manage/todoList?tab=members';
    case 'researchMemberJoined':
      return ownerProjectPath(params.kind ?? 'subject', Number(params.project), roles);
    case 'researchApplyApproved':
    case 'researchApplyRefused':
      return joinerProjectPath(
        params.kind ?? 'subject',
        Number(params.project),
        roles,
        kind === 'researchApplyApproved',
      );
    case 'wishResponded':
      return `/manage/willManageE/detail/${targetId}`;
    case 'phaseReviewed':
      return memberPhasesPath(params.kind ?? 'subject', Number(params.project), roles);
    case 'notebookAccepted':
    case 'notebookRejected':
      return `/notebooks/${targetId}`;
    default:
      return '/account/notifications';
  }
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
  /** The web path of its object. */
  link: z.string(),
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

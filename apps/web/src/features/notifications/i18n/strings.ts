import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { notificationsEnUS } from './en-US.ts';

/** Strings of notifications; every locale has this shape (English is the reference). */
export type NotificationsMessages = Widen<typeof notificationsEnUS>;

export const notificationsStrings = defineStringBundle<NotificationsMessages>('notifications', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.notificationsZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.notificationsZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.notificationsEnUS),
});

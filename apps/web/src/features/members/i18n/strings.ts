import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { membersEnUS } from './en-US.ts';

/** The members directory's strings; every locale has this shape (English is the reference). */
export type MembersMessages = Widen<typeof membersEnUS>;

export const membersStrings = defineStringBundle<MembersMessages>('members', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.membersZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.membersZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.membersEnUS),
});

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { invitationEnUS } from './en-US.ts';

/** The invitation page's strings; every locale has this shape (English is the reference). */
export type InvitationMessages = Widen<typeof invitationEnUS>;

export const invitationStrings = defineStringBundle<InvitationMessages>('invitation', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.invitationZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.invitationZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.invitationEnUS),
});

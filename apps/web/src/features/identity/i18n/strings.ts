import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { identityEnUS } from './en-US.ts';

/** The identity feature's strings (certification, organisations, invitations); every locale has this shape (English is the reference). */
export type IdentityMessages = Widen<typeof identityEnUS>;

export const identityStrings = defineStringBundle<IdentityMessages>('identity', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.identityZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.identityZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.identityEnUS),
});

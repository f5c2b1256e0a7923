import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { accountEnUS } from './en-US.ts';

/** The account pages' strings; every locale has this shape (English is the reference). */
export type AccountMessages = Widen<typeof accountEnUS>;

export const accountStrings = defineStringBundle<AccountMessages>('account', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.accountZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.accountZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.accountEnUS),
});

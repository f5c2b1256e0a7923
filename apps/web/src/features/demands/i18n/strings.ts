import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { demandsEnUS } from './en-US.ts';

/** Strings of demands and solutions; every locale has this shape (English is the reference). */
export type DemandsMessages = Widen<typeof demandsEnUS>;

export const demandsStrings = defineStringBundle<DemandsMessages>('demands', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.demandsZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.demandsZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.demandsEnUS),
});

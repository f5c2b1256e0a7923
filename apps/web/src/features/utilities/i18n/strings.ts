import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { utilitiesEnUS } from './en-US.ts';

/** The utilities feature's strings; every locale has this shape (English is the reference). */
export type UtilitiesMessages = Widen<typeof utilitiesEnUS>;

export const utilitiesStrings = defineStringBundle<UtilitiesMessages>('utilities', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.utilitiesZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.utilitiesZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.utilitiesEnUS),
});

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { micrositeEnUS } from './en-US.ts';

/** The microsite feature's strings; every locale has this shape (English is the reference). */
export type MicrositeMessages = Widen<typeof micrositeEnUS>;

export const micrositeStrings = defineStringBundle<MicrositeMessages>('microsite', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.micrositeZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.micrositeZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.micrositeEnUS),
});

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { researchEnUS } from './en-US.ts';

/** Strings of subjects and directions; every locale has this shape (English is the reference). */
export type ResearchMessages = Widen<typeof researchEnUS>;

export const researchStrings = defineStringBundle<ResearchMessages>('research', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.researchZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.researchZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.researchEnUS),
});

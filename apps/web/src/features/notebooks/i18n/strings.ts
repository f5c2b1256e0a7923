import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { notebooksEnUS } from './en-US.ts';

/** Strings of notebooks, the achievement area and /tryit; every locale has this shape (English is the reference). */
export type NotebooksMessages = Widen<typeof notebooksEnUS>;

export const notebooksStrings = defineStringBundle<NotebooksMessages>('notebooks', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.notebooksZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.notebooksZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.notebooksEnUS),
});

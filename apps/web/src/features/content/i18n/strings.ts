import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { contentEnUS } from './en-US.ts';

/** The content feature's strings; every locale has this shape (English is the reference). */
export type ContentMessages = Widen<typeof contentEnUS>;

export const contentStrings = defineStringBundle<ContentMessages>('content', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.contentZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.contentZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.contentEnUS),
});

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { wishesEnUS } from './en-US.ts';

/** Strings of cooperation wishes; every locale has this shape (English is the reference). */
export type WishesMessages = Widen<typeof wishesEnUS>;

export const wishesStrings = defineStringBundle<WishesMessages>('wishes', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.wishesZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.wishesZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.wishesEnUS),
});

import { loadStringBundle, type StringBundle } from '../../../i18n/i18n.ts';
import type { wishesEnUS } from './en-US.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale's cooperation-wish strings must have (English is the reference). */
export type WishesStrings = Widen<(typeof wishesEnUS)['wishes']>;
/** How they sit in the i18next namespace (typed in i18n/feature-messages.ts). */
export type WishesMessages = { wishes: WishesStrings };

const bundle: StringBundle = {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.wishesZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.wishesZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.wishesEnUS),
};

// Modules importing this one wait for the current locale's strings (see files/i18n/strings.ts).
await loadStringBundle(bundle);

import { loadStringBundle, type StringBundle } from '../../../i18n/i18n.ts';
import type { demandsEnUS } from './en-US.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale's cooperation strings must have (English is the reference). */
export type DemandsStrings = Widen<(typeof demandsEnUS)['demands']>;
/** How they sit in the i18next namespace (typed in i18n/feature-messages.ts). */
export type DemandsMessages = { demands: DemandsStrings };

const bundle: StringBundle = {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.demandsZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.demandsZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.demandsEnUS),
};

// Modules importing this one wait for the current locale's strings (see files/i18n/strings.ts).
await loadStringBundle(bundle);

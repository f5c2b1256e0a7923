import { loadStringBundle, type StringBundle } from '../../../i18n/i18n.ts';
import type { membersEnUS } from './en-US.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The members directory's strings; every locale has this shape. */
export type MembersMessages = Widen<typeof membersEnUS>;

const bundle: StringBundle = {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.membersZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.membersZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.membersEnUS),
};

// Modules importing this one wait for the current locale's strings (see identity/i18n/strings.ts).
await loadStringBundle(bundle);

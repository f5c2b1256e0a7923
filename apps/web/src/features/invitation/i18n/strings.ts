import { loadStringBundle, type StringBundle } from '../../../i18n/i18n.ts';
import type { invitationEnUS } from './en-US.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The invitation page's strings; every locale has this shape. */
export type InvitationMessages = Widen<typeof invitationEnUS>;

const bundle: StringBundle = {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.invitationZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.invitationZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.invitationEnUS),
};

// Modules importing this one wait for the current locale's strings (see identity/i18n/strings.ts).
await loadStringBundle(bundle);

import { loadStringBundle, type StringBundle } from '../../../i18n/i18n.ts';
import type { identityEnUS } from './en-US.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The identity feature's strings; every locale has this shape. */
export type IdentityMessages = Widen<typeof identityEnUS>;

const bundle: StringBundle = {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.identityZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.identityZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.identityEnUS),
};

/**
 * The identity strings ride with the feature's chunks, not with the shared page strings. The
 * top-level await makes every module importing this one wait until the current locale's strings
 * are in; later language switches load theirs through i18n.ts (loadLocaleResources).
 */
await loadStringBundle(bundle);

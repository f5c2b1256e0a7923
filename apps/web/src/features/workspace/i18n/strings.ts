import { loadStringBundle, type StringBundle } from '../../../i18n/i18n.ts';
import type { workspaceEnUS } from './en-US.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The workspace feature's strings; every locale has this shape. */
export type WorkspaceMessages = Widen<typeof workspaceEnUS>;

export const workspaceStrings: StringBundle = {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.workspaceZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.workspaceZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.workspaceEnUS),
};

// Modules importing this one wait for the current locale's strings (see identity/i18n/strings.ts).
await loadStringBundle(workspaceStrings);

import { loadStringBundle, type StringBundle } from '../../../i18n/i18n.ts';
import type { auditLogEnUS } from './en-US.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The audit log page's strings; every locale has this shape. */
export type AuditLogMessages = Widen<typeof auditLogEnUS>;

const bundle: StringBundle = {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.auditLogZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.auditLogZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.auditLogEnUS),
};

// Modules importing this one wait for the current locale's strings (see identity/i18n/strings.ts).
await loadStringBundle(bundle);

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { auditLogEnUS } from './en-US.ts';

/** The audit log page's strings; every locale has this shape (English is the reference). */
export type AuditLogMessages = Widen<typeof auditLogEnUS>;

export const auditLogStrings = defineStringBundle<AuditLogMessages>('audit-log', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.auditLogZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.auditLogZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.auditLogEnUS),
});

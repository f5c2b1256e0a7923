import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { workspaceEnUS } from './en-US.ts';

/** The workspace feature's strings (dashboard, to-dos, reviews); every locale has this shape (English is the reference). */
export type WorkspaceMessages = Widen<typeof workspaceEnUS>;

export const workspaceStrings = defineStringBundle<WorkspaceMessages>('workspace', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.workspaceZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.workspaceZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.workspaceEnUS),
});

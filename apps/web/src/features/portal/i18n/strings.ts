import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { portalEnUS } from './en-US.ts';

/** The public portal's strings; every locale has this shape (English is the reference). */
export type PortalMessages = Widen<typeof portalEnUS>;

export const portalStrings = defineStringBundle<PortalMessages>('portal', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.portalZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.portalZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.portalEnUS),
});

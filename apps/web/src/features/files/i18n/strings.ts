import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { enUSFiles } from './en-US.ts';

/** The shape every locale's file-manager strings must have (English is the reference). */
export type FilesStrings = Widen<typeof enUSFiles>;
/** How they sit in the i18next namespace (typed in app/feature-messages.ts). */
export type FilesMessages = { files: FilesStrings };

export const filesStrings = defineStringBundle<FilesMessages>('files', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => ({ files: m.zhCNFiles })),
  'zh-HK': () => import('./zh-HK.ts').then((m) => ({ files: m.zhHKFiles })),
  'en-US': () => import('./en-US.ts').then((m) => ({ files: m.enUSFiles })),
});

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { wechatEnUS } from './en-US.ts';

/** The WeChat binding's strings; every locale has this shape (English is the reference). */
export type WechatMessages = Widen<typeof wechatEnUS>;

export const wechatStrings = defineStringBundle<WechatMessages>('wechat', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.wechatZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.wechatZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.wechatEnUS),
});

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { questionsEnUS } from './en-US.ts';

/** Strings of research questions; every locale has this shape (English is the reference). */
export type QuestionsMessages = Widen<typeof questionsEnUS>;

export const questionsStrings = defineStringBundle<QuestionsMessages>('questions', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.questionsZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.questionsZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.questionsEnUS),
});

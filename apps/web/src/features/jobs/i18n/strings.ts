import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { jobsEnUS } from './en-US.ts';

/** Strings of jobs and applications; every locale has this shape (English is the reference). */
export type JobsMessages = Widen<typeof jobsEnUS>;

export const jobsStrings = defineStringBundle<JobsMessages>('jobs', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.jobsZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.jobsZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.jobsEnUS),
});

import { defineStringBundle } from '../../../i18n/i18n.ts';
import type { Widen } from '@mathbridge/contracts/messages';
import type { onboardingEnUS } from './en-US.ts';

/** The onboarding feature's strings; every locale has this shape (English is the reference). */
export type OnboardingMessages = Widen<typeof onboardingEnUS>;

export const onboardingStrings = defineStringBundle<OnboardingMessages>('onboarding', {
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.onboardingZhCN),
  'zh-HK': () => import('./zh-HK.ts').then((m) => m.onboardingZhHK),
  'en-US': () => import('./en-US.ts').then((m) => m.onboardingEnUS),
});

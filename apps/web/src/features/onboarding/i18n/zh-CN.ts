import type { OnboardingMessages } from './strings.ts';

export const onboardingZhCN = {
  onboarding: {
    title: 'Onboarding',
  },
} satisfies OnboardingMessages;

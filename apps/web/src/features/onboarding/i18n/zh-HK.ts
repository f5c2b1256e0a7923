import type { OnboardingMessages } from './strings.ts';

export const onboardingZhHK = {
  onboarding: {
    title: 'Onboarding',
  },
} satisfies OnboardingMessages;

/** Strings of the onboarding feature, English (the reference shape). */
export const onboardingEnUS = {
  onboarding: {
    title: 'Onboarding',
  },
};

import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentEndpoints as calls } from '@mathbridge/contracts/endpoints/content';
import { api } from '../../../lib/api-client.ts';

/** Query keys of the onboarding page; a certification decision or a new identity refreshes both. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  checkStep: ['onboarding', 'checkStep'] as const,
  manual: ['onboarding', 'manual'] as const,
};

/** GET index/checkStep (signed in): where the user stands in account → identity → certification → first action. */
export const checkStepQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.checkStep,
    queryFn: ({ signal }) => api.call(calls.checkStep, {}, { signal }),
    // The answer changes when an admin decides, elsewhere: read it afresh on every visit.
    staleTime: 0,
  });

export function useCheckStep() {
  return useQuery(checkStepQueryOptions());
}

/** GET index/userManual without a role: the pages for the caller's roles and for everyone (all pages for admins). */
export function useUserManual() {
  return useQuery({
    queryKey: onboardingKeys.manual,
    queryFn: ({ signal }) => api.call(calls.userManual, {}, { signal }),
  });
}

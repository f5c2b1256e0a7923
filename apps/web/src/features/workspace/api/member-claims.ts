import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { MemberClaim, MemberClaimPage } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';
import { dashboardQueryKey } from './get-dashboard.ts';
import type { Decision } from './reviews.ts';
import { todoCountQueryKey } from './get-todo-count.ts';
import { todosQueryKey } from './get-todos.ts';

export const memberClaimsQueryKey = ['org', 'getUserAuth'] as const;

export interface MemberClaimFilter {
  page: number;
  page_size: number;
  status?: number;
}

export function getMemberClaims(filter: MemberClaimFilter, signal?: AbortSignal): Promise<MemberClaimPage> {
  return api.call(calls.memberClaims, filter, { signal });
}

export const memberClaimsQueryOptions = (filter: MemberClaimFilter) =>
  queryOptions({
    queryKey: [...memberClaimsQueryKey, filter],
    queryFn: ({ signal }) => getMemberClaims(filter, signal),
    placeholderData: keepPreviousData,
  });

/** GET org/getUserAuth: membership requests of the owner's organisation (admins: all). */
export function useMemberClaims(filter: MemberClaimFilter, enabled: boolean) {
  return useQuery({ ...memberClaimsQueryOptions(filter), enabled });
}

/** POST org/userAuth: the owner confirms or declines a person's membership. */
export function reviewMemberClaim(decision: Decision): Promise<MemberClaim> {
  return api.call(calls.reviewMember, decision);
}

export function useReviewMemberClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewMemberClaim,
    meta: { formErrors: true },
    onSettled: () =>
      Promise.all(
        [memberClaimsQueryKey, todosQueryKey, todoCountQueryKey, dashboardQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

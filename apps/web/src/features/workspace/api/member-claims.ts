import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberClaim } from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
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

export function getMemberClaims(filter: MemberClaimFilter, signal?: AbortSignal): Promise<Page<MemberClaim>> {
  return api.get<Page<MemberClaim>>('org/getUserAuth', { ...filter }, { signal });
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
  return api.post<MemberClaim>('org/userAuth', { ...decision });
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

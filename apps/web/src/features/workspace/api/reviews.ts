import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type {
  CertificationDetail,
  CertificationPage,
  CertificationSummary,
  IdentityRole,
} from '@mathbridge/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { dashboardQueryKey } from './get-dashboard.ts';
import { todoCountQueryKey } from './get-todo-count.ts';
import { todosQueryKey } from './get-todos.ts';

/** The body of a decision (ReviewDecisionSchema): a rejection carries its reason. */
export interface Decision {
  id: number;
  approve: 0 | 1;
  reason?: string;
}
export const reviewsQueryKey = ['workflow', 'auth2ApproveList'] as const;
export const reviewDetailQueryKey = ['workflow', 'authDetail'] as const;

export interface ReviewFilter {
  page: number;
  page_size: number;
  status?: number;
  role?: IdentityRole;
  keyword?: string;
  date_from?: string;
  date_to?: string;
}

export function getReviews(filter: ReviewFilter, signal?: AbortSignal): Promise<CertificationPage> {
  return api.call(calls.approveList, filter, { signal });
}

export const reviewsQueryOptions = (filter: ReviewFilter) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, filter],
    queryFn: ({ signal }) => getReviews(filter, signal),
    placeholderData: keepPreviousData,
  });

/** GET workflow/auth2ApproveList (admins): certification requests by status, identity, keyword and days. */
export function useReviews(filter: ReviewFilter, enabled = true) {
  return useQuery({ ...reviewsQueryOptions(filter), enabled });
}

export function getReviewDetail(id: number, signal?: AbortSignal): Promise<CertificationDetail> {
  return api.call(calls.authDetail, { id }, { signal });
}

/** GET workflow/authDetail: one request with its form and images (the read is logged). */
export function useReviewDetail(id: number | null) {
  return useQuery({
    queryKey: [...reviewDetailQueryKey, id],
    queryFn: ({ signal }) => getReviewDetail(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** POST workflow/approveAuth: approve, or reject with a reason the applicant reads. */
export function reviewCertification(decision: Decision): Promise<CertificationSummary> {
  return api.call(calls.approveAuth, decision);
}

export function useReviewCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCertification,
    meta: { formErrors: true },
    // Decided or not (a 409 means someone else was quicker), the lists should show the truth.
    onSettled: () =>
      Promise.all(
        [reviewsQueryKey, reviewDetailQueryKey, todosQueryKey, todoCountQueryKey, dashboardQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

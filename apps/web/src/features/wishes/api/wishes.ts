import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { wishEndpoints as calls } from '@mathbridge/contracts/endpoints/wishes';
import type { WishCreate, WishRespond, WishState } from '@mathbridge/contracts/wishes';
import { api } from '../../../lib/api-client.ts';
import { invalidateWishes, wishKeys } from './query-keys.ts';

export interface OwnWishParams {
  status?: WishState;
  page: number;
  page_size: number;
}

/** wish.list (enterprises): their own wishes, with counts by status. */
export function useOwnWishes(params: OwnWishParams) {
  return useQuery({
    queryKey: wishKeys.own(params),
    queryFn: ({ signal }) => api.call(calls.list, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface OpenWishFilters {
  msc?: string;
  keyword?: string;
}

/** wish.openList (institutes): open wishes, newest first, in keyset pages for infinite scroll. */
export function useOpenWishes(filters: OpenWishFilters) {
  return useInfiniteQuery({
    queryKey: wishKeys.open(filters),
    queryFn: ({ pageParam, signal }) =>
      api.call(calls.openList, { ...filters, cursor: pageParam, page_size: DEFAULT_PAGE_SIZE }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** wish.detail. A missing or hidden wish is the page's own 'not found' state, not a toast. */
export function useWish(id: number | undefined) {
  return useQuery({
    queryKey: wishKeys.wish(id ?? 0),
    queryFn: ({ signal }) => api.call(calls.detail, { id: id ?? 0 }, { signal, reportErrors: false }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** wish.responses (the owner): responses to one wish, oldest first. */
export function useWishResponses(id: number, page: number, enabled: boolean) {
  const params = { id, page, page_size: DEFAULT_PAGE_SIZE };
  return useQuery({
    queryKey: wishKeys.responses(id, params),
    queryFn: ({ signal }) => api.call(calls.responses, params, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** wish.create: field errors come back to the form. */
export function useCreateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WishCreate) => api.call(calls.create, input, { reportErrors: false }),
    meta: { formErrors: true },
    onSuccess: async (wish) => {
      queryClient.setQueryData(wishKeys.wish(wish.id), wish);
      await invalidateWishes(queryClient);
    },
  });
}

/** wish.close (the owner): open → closed (409 when it already is). */
export function useCloseWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.close, { id }),
    onSuccess: (wish) => queryClient.setQueryData(wishKeys.wish(wish.id), wish),
    onSettled: () => invalidateWishes(queryClient),
  });
}

/** wish.respond (institutes): one response per institute; the answer is the wish with it. */
export function useRespondToWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WishRespond) => api.call(calls.respond, input, { reportErrors: false }),
    meta: { formErrors: true },
    onSuccess: (wish) => queryClient.setQueryData(wishKeys.wish(wish.id), wish),
    onSettled: () => invalidateWishes(queryClient),
  });
}

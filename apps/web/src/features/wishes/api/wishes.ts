import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import type {
  OpenWishPage,
  Wish,
  WishCreate,
  WishPage,
  WishRespond,
  WishResponsePage,
  WishState,
} from '@mathbridge/contracts/wishes';
import { api } from '../../../lib/api-client.ts';
import { invalidateWishes, wishKeys } from './query-keys.ts';

export interface OwnWishParams {
  status?: WishState;
  page: number;
  page_size: number;
}

/** GET cooperateWish/list (enterprises): their own wishes, with counts by status. */
export function useOwnWishes(params: OwnWishParams) {
  return useQuery({
    queryKey: wishKeys.own(params),
    queryFn: ({ signal }) => api.get<WishPage>('cooperateWish/list', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface OpenWishFilters {
  msc?: string;
  keyword?: string;
}

/** GET cooperateWish/openList (institutes): open wishes, newest first, in keyset pages for infinite scroll. */
export function useOpenWishes(filters: OpenWishFilters) {
  return useInfiniteQuery({
    queryKey: wishKeys.open(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<OpenWishPage>(
        'cooperateWish/openList',
        { ...filters, cursor: pageParam, page_size: DEFAULT_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET cooperateWish/detail/:id. A missing or hidden wish is the page's own 'not found' state, not a toast. */
export function useWish(id: number | undefined) {
  return useQuery({
    queryKey: wishKeys.wish(id ?? 0),
    queryFn: ({ signal }) => api.get<Wish>(`cooperateWish/detail/${id}`, {}, { signal, reportErrors: false }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** GET cooperateWish/responses (the owner): responses to one wish, oldest first. */
export function useWishResponses(id: number, page: number, enabled: boolean) {
  const params = { id, page, page_size: DEFAULT_PAGE_SIZE };
  return useQuery({
    queryKey: wishKeys.responses(id, params),
    queryFn: ({ signal }) => api.get<WishResponsePage>('cooperateWish/responses', params, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST cooperateWish/create: field errors come back to the form. */
export function useCreateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WishCreate) => api.post<Wish>('cooperateWish/create', { ...input }, { reportErrors: false }),
    meta: { formErrors: true },
    onSuccess: async (wish) => {
      queryClient.setQueryData(wishKeys.wish(wish.id), wish);
      await invalidateWishes(queryClient);
    },
  });
}

/** POST cooperateWish/close (the owner): open → closed (409 when it already is). */
export function useCloseWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Wish>('cooperateWish/close', { id }),
    onSuccess: (wish) => queryClient.setQueryData(wishKeys.wish(wish.id), wish),
    onSettled: () => invalidateWishes(queryClient),
  });
}

/** POST cooperateWish/respond (institutes): one response per institute; the answer is the wish with it. */
export function useRespondToWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WishRespond) => api.post<Wish>('cooperateWish/respond', { ...input }, { reportErrors: false }),
    meta: { formErrors: true },
    onSuccess: (wish) => queryClient.setQueryData(wishKeys.wish(wish.id), wish),
    onSettled: () => invalidateWishes(queryClient),
  });
}

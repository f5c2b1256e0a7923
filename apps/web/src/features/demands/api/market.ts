import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import type { PublishedSort } from '@mathbridge/contracts/demands';
import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import { api } from '../../../lib/api-client.ts';
import { cooperationKeys } from './query-keys.ts';

/** Filters of the published-demand list (demand/publishedList); absent ones are not sent. */
export interface MarketFilters {
  keyword?: string;
  industry?: string;
  province_code?: string;
  city_code?: string;
  budget_min?: number;
  budget_max?: number;
  msc?: string;
  sort: PublishedSort;
  /** 1: only the demands the institute received. */
  received?: 1;
}

/** GET demand/publishedList (institutes): keyset pages for infinite scroll; `next_cursor` null at the end. */
export function usePublishedDemands(filters: MarketFilters) {
  return useInfiniteQuery({
    queryKey: cooperationKeys.published(filters),
    queryFn: ({ pageParam, signal }) =>
      api.call(calls.publishedList, { ...filters, cursor: pageParam, page_size: DEFAULT_PAGE_SIZE }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Changing a filter keeps the previous results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The 'recommended for you' block: a few demands matching the institute's research fields. */
export const RECOMMENDED_SHOWN = 4;

/** GET demand/recommended (institutes): published demands sharing MSC fields with the institute. */
export function useRecommendedDemands() {
  const params = { page: 1, page_size: RECOMMENDED_SHOWN };
  return useQuery({
    queryKey: cooperationKeys.recommended(params),
    queryFn: ({ signal }) => api.call(calls.recommended, params, { signal }),
  });
}

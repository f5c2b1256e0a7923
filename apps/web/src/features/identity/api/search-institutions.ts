import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganisationCard } from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import { api } from '../../../lib/api-client.ts';

const SUGGESTIONS = 10;

export function searchInstitutions(keyword: string, signal?: AbortSignal): Promise<Page<OrganisationCard>> {
  return api.get<Page<OrganisationCard>>('org/listAllV2', { keyword, page: 1, page_size: SUGGESTIONS }, { signal });
}

export const institutionSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['org', 'listAllV2', 'suggest', keyword],
    queryFn: ({ signal }) => searchInstitutions(keyword, signal),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
    select: (page) => page.items,
  });

/** Certified organisations whose name matches what the person types (org/listAllV2). */
export function useInstitutionSearch(keyword: string) {
  return useQuery(institutionSearchQueryOptions(keyword.trim()));
}

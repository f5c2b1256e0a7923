import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { OrganisationPage } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';

const SUGGESTIONS = 10;

export function searchInstitutions(keyword: string, signal?: AbortSignal): Promise<OrganisationPage> {
  return api.call(calls.orgList, { keyword, page: 1, page_size: SUGGESTIONS }, { signal });
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

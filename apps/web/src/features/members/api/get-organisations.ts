import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { OrganisationPage, OrganisationProfile, OrganisationType } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';

export interface OrganisationFilter {
  page: number;
  page_size: number;
  keyword?: string;
  type?: OrganisationType;
}

export function getOrganisations(filter: OrganisationFilter, signal?: AbortSignal): Promise<OrganisationPage> {
  // The page shows its own error state with a retry; no toast on top of it.
  return api.call(calls.orgList, filter, { signal, reportErrors: false });
}

/** GET org/listAllV2 (public): certified organisations, searchable, paginated. */
export function useOrganisations(filter: OrganisationFilter) {
  return usePublicQuery(JSON.stringify(filter), (signal) => getOrganisations(filter, signal));
}

export function getOrganisation(id: number, signal?: AbortSignal): Promise<OrganisationProfile> {
  return api.call(calls.orgDetail, { id }, { signal, reportErrors: false });
}

/** GET org/detail/{id} (public): contact details only for signed-in, certified callers. */
export function useOrganisation(id: number) {
  return usePublicQuery(String(id), (signal) => getOrganisation(id, signal));
}

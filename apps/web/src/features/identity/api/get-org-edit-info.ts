import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { AuthOrgEditInfo, OrgInfoCompleted } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';

export const orgEditInfoQueryKey = ['org', 'editInfo'] as const;

export function getOrgEditInfo(signal?: AbortSignal): Promise<AuthOrgEditInfo> {
  return api.call(calls.orgEditInfo, {}, { signal });
}

export const orgEditInfoQueryOptions = () =>
  queryOptions({ queryKey: orgEditInfoQueryKey, queryFn: ({ signal }) => getOrgEditInfo(signal) });

/** GET org/getAuthOrgEditInfo: the caller's organisation and its newest certification request. */
export function useOrgEditInfo() {
  return useQuery(orgEditInfoQueryOptions());
}

export const orgCompletenessQueryKey = [...orgEditInfoQueryKey, 'completed'] as const;

export function getOrgCompleteness(signal?: AbortSignal): Promise<OrgInfoCompleted> {
  return api.call(calls.orgCompleteness, {}, { signal });
}

/** GET org/orgInfoIsCompleted: which public profile fields are still empty. */
export function useOrgCompleteness(enabled: boolean) {
  return useQuery({ queryKey: orgCompletenessQueryKey, queryFn: ({ signal }) => getOrgCompleteness(signal), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { Dashboard } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';

export const dashboardQueryKey = ['workflow', 'dashboard'] as const;

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.call(calls.dashboard, {}, { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: ({ signal }) => getDashboard(signal) });

/** GET workflow/dashboard: identity, state, open to-dos and organisations of the workspace home. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

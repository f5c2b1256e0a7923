import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleList } from '@mathbridge/contracts/identity';
import { api } from '../../../lib/api-client.ts';

export const roleListQueryKey = ['user', 'listRoles'] as const;

export function getRoleList(signal?: AbortSignal): Promise<RoleList> {
  return api.get<RoleList>('user/listRoles', undefined, { signal });
}

export const roleListQueryOptions = () =>
  queryOptions({ queryKey: roleListQueryKey, queryFn: ({ signal }) => getRoleList(signal), staleTime: 0 });

/** GET user/listRoles: the identities, which are hidden, and whether the caller may change theirs. */
export function useRoleList() {
  return useQuery(roleListQueryOptions());
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import { api } from '../../../lib/api-client.ts';
import { dashboardQueryKey } from './get-dashboard.ts';
import { memberClaimsQueryKey } from './member-claims.ts';

/** POST org/leave: the signed-in member leaves an organisation. */
export function useLeaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgId: number) => api.call(calls.leave, { org_id: orgId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

/** POST org/removeMember: the organisation's owner (or an admin) removes a member. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.removeMember, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberClaimsQueryKey }),
  });
}

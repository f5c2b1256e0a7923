import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { Invitation, InvitationPage, InvitationState } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';

export const invitationsQueryKey = ['sys', 'invitationList'] as const;

export interface InvitationFilter {
  page: number;
  page_size: number;
  status?: InvitationState;
}

export function getInvitations(filter: InvitationFilter, signal?: AbortSignal): Promise<InvitationPage> {
  return api.call(calls.invitationList, filter, { signal });
}

export const invitationsQueryOptions = (filter: InvitationFilter) =>
  queryOptions({
    queryKey: [...invitationsQueryKey, filter],
    queryFn: ({ signal }) => getInvitations(filter, signal),
    placeholderData: keepPreviousData,
  });

/** GET sys/invitationList: the links of the owner's organisation, newest first. */
export function useInvitations(filter: InvitationFilter, enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(filter), enabled });
}

/** POST sys/invite: a new link `/invitation/{id}` (7 days, single use). */
export function createInvitation(): Promise<Invitation> {
  return api.call(calls.invite, {});
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

/** POST sys/revokeInvite: the link stops working. */
export function revokeInvitation(id: string): Promise<Invitation> {
  return api.call(calls.revokeInvite, { id });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

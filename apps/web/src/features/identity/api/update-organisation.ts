import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { Organisation, OrganisationUpdate } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';
import { orgEditInfoQueryKey } from './get-org-edit-info.ts';

/** POST org/update: the owner edits a certified organisation's public profile. */
export function updateOrganisation(input: OrganisationUpdate): Promise<Organisation> {
  return api.call(calls.orgUpdate, input);
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    meta: { formErrors: true },
    // The completeness check sits under the same key, so it refreshes too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgEditInfoQueryKey }),
  });
}

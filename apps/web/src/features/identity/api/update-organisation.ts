import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organisation, OrganisationUpdate } from '@mathbridge/contracts/org';
import type { Payload } from '@mathbridge/contracts/signature';
import { api } from '../../../lib/api-client.ts';
import { orgEditInfoQueryKey } from './get-org-edit-info.ts';

/** POST org/update: the owner edits a certified organisation's public profile. */
export function updateOrganisation(input: OrganisationUpdate): Promise<Organisation> {
  return api.post<Organisation>('org/update', input as Payload);
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfile } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';

export function updateProfile(input: UpdateProfile): Promise<Profile> {
  return api.call(calls.updateProfile, input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { formErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfile } from '@mathbridge/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';

export function updateProfile(input: UpdateProfile): Promise<unknown> {
  return api.post<unknown>('user/update_profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { formErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { IdentityRole, RoleSelectResult } from '@mathbridge/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { fetchProfile } from '../../../lib/auth.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';
import { authInfoQueryKey } from './get-auth-info.ts';

/** POST user/roleSelect, then the session's roles follow (they filter menus and guards). */
export async function selectRole(role: IdentityRole): Promise<RoleSelectResult> {
  const result = await api.call(calls.roleSelect, { role });
  await fetchProfile().catch(() => undefined);
  return result;
}

export function useSelectRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { SubmitCertificationResult } from '@mathbridge/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { fetchProfile } from '../../../lib/auth.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';
import { authInfoQueryKey } from './get-auth-info.ts';
import { orgEditInfoQueryKey } from './get-org-edit-info.ts';

/** POST user/withdrawAuth: takes back the request under review (verify_state → unverified). */
export async function withdrawCertification(): Promise<SubmitCertificationResult> {
  const result = await api.call(calls.withdrawAuth, {});
  await fetchProfile().catch(() => undefined);
  return result;
}

export function useWithdrawCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawCertification,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: orgEditInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}

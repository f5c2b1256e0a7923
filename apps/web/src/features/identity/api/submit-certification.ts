import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certificationEndpoints } from '@mathbridge/contracts/endpoints/identity';
import type { CertificationData, IdentityRole, SubmitCertificationResult } from '@mathbridge/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { fetchProfile } from '../../../lib/auth.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';
import { authInfoQueryKey } from './get-auth-info.ts';
import { orgEditInfoQueryKey } from './get-org-edit-info.ts';

export interface SubmitCertificationInput {
  role: IdentityRole;
  data: CertificationData;
}

/** POST user/{role}Auth: submitting also chooses the identity; verify_state → 0. */
export async function submitCertification({
  role,
  data,
}: SubmitCertificationInput): Promise<SubmitCertificationResult> {
  const result = await api.call(certificationEndpoints[role], data);
  await fetchProfile().catch(() => undefined);
  return result;
}

export function useSubmitCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCertification,
    meta: { formErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: orgEditInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}

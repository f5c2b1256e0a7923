import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AUTH_PATHS,
  type CertificationData,
  type IdentityRole,
  type SubmitCertificationResult,
} from '@mathbridge/contracts/identity';
import type { Payload } from '@mathbridge/contracts/signature';
import { api } from '../../../lib/api-client.ts';
import { fetchProfile } from '../../../lib/auth.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';
import { authInfoQueryKey } from './get-auth-info.ts';
import { orgEditInfoQueryKey } from './get-org-edit-info.ts';

export interface SubmitCertificationInput {
  role: IdentityRole;
  data: CertificationData;
}

/** POST user/{role}Auth (AUTH_PATHS): submitting also chooses the identity; verify_state → 0. */
export async function submitCertification({
  role,
  data,
}: SubmitCertificationInput): Promise<SubmitCertificationResult> {
  const result = await api.post<SubmitCertificationResult>(AUTH_PATHS[role], data as unknown as Payload);
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

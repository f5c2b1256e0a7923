import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { Survey } from '@mathbridge/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { authInfoQueryKey } from './get-auth-info.ts';

/** POST user/survey: a student updates the survey after certification. */
export function saveSurvey(survey: Survey): Promise<Survey> {
  return api.call(calls.saveSurvey, survey);
}

export function useSaveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSurvey,
    meta: { formErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authInfoQueryKey }),
  });
}

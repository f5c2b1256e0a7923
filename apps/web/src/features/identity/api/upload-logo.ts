import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { LogoUploaded } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';
import { orgEditInfoQueryKey } from './get-org-edit-info.ts';

/** POST org/upload_logo (multipart `file`; jpg/png ≤ 2 MB, checked by content on the server). */
export function uploadLogo(file: File): Promise<LogoUploaded> {
  const form = new FormData();
  form.append('file', file);
  return api.callUpload(calls.uploadLogo, form);
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgEditInfoQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarUploaded } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';

/** Multipart field `file`; the server checks type and size again (magic bytes, 2 MB). */
export function uploadAvatar(file: File): Promise<AvatarUploaded> {
  const form = new FormData();
  form.append('file', file);
  return api.callUpload(calls.uploadAvatar, form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile-queries.ts';

export interface UploadAvatarResult {
  avatar: string;
}

/** Multipart field `file`; the server checks type and size again (magic bytes, 2 MB). */
export function uploadAvatar(file: File): Promise<UploadAvatarResult> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<UploadAvatarResult>('user/upload_avatar', form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/emptyTrash: purges everything the caller may purge in a space's trash. */
export function emptyTrash(spaceId: number): Promise<{ purged: number }> {
  return api.post<{ purged: number }>('upload/emptyTrash', { space_id: spaceId });
}

export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: emptyTrash, onSuccess: () => invalidateFiles(queryClient) });
}

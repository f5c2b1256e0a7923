import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/emptyTrash: purges everything the caller may purge in a space's trash. */
export function emptyTrash(spaceId: number) {
  return api.call(calls.emptyTrash, { space_id: spaceId });
}

export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: emptyTrash, onSuccess: () => invalidateFiles(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/restore: back to where they were (the root if that folder is gone; clashes renamed). */
export function restoreNodes(ids: number[]) {
  return api.call(calls.restore, { ids });
}

export function useRestoreNodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreNodes, onSuccess: () => invalidateFiles(queryClient) });
}

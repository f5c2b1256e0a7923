import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/purge: deletes trashed items for good and releases their quota. */
export function purgeNodes(ids: number[]) {
  return api.call(calls.purge, { ids });
}

export function usePurgeNodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: purgeNodes, onSuccess: () => invalidateFiles(queryClient) });
}

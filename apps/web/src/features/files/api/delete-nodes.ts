import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/delete: to the trash, restorable for 30 days. */
export function deleteNodes(ids: number[]) {
  return api.call(calls.delete, { ids });
}

export function useDeleteNodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNodes, onSuccess: () => invalidateFiles(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/delete: to the trash, restorable for 30 days. */
export function deleteNodes(ids: number[]): Promise<{ ids: number[] }> {
  return api.post<{ ids: number[] }>('upload/delete', { ids });
}

export function useDeleteNodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNodes, onSuccess: () => invalidateFiles(queryClient) });
}

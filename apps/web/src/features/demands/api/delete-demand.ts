import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import { api } from '../../../lib/api-client.ts';
import { cooperationKeys, invalidateCooperation } from './query-keys.ts';

/** POST demand/delete: the owner deletes a draft for good (409 once it is no longer a draft). */
export function useDeleteDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.delete, { id }),
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: cooperationKeys.demand(id), exact: true }),
    onSettled: () => invalidateCooperation(queryClient),
  });
}

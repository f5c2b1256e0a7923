import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/moveFile: into a folder of the same space (a folder into itself is refused, 409). */
export function moveNodes(input: { ids: number[]; targetId: number }) {
  return api.call(calls.moveFile, { ids: input.ids, target_id: input.targetId });
}

export function useMoveNodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveNodes, onSuccess: () => invalidateFiles(queryClient) });
}

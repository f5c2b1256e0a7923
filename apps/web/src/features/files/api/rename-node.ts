import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/updateFileName. Failures come back to the form (clash 409, changed extension 415). */
export function renameNode(input: { id: number; name: string }) {
  return api.call(calls.updateFileName, input, { reportErrors: false });
}

export function useRenameNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameNode,
    meta: { formErrors: true },
    onSuccess: () => invalidateFiles(queryClient),
  });
}

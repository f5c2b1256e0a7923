import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileNode } from '@mathbridge/contracts/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

/** POST upload/updateFileName. Failures come back to the form (clash 409, changed extension 415). */
export function renameNode(input: { id: number; name: string }): Promise<FileNode> {
  return api.post<FileNode>('upload/updateFileName', input, { reportErrors: false });
}

export function useRenameNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameNode,
    meta: { formErrors: true },
    onSuccess: () => invalidateFiles(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { invalidateFiles } from './query-keys.ts';

export interface CreateFolderInput {
  spaceId: number;
  parentId: number | undefined;
  name: string;
}

/** POST upload/createDirOrFile with type 'dir'. Failures come back to the form (a name clash is 409). */
export function createFolder({ spaceId, parentId, name }: CreateFolderInput) {
  return api.call(
    calls.createDirOrFile,
    { type: 'dir', space_id: spaceId, parent_id: parentId, name },
    { reportErrors: false },
  );
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    meta: { formErrors: true },
    onSuccess: () => invalidateFiles(queryClient),
  });
}

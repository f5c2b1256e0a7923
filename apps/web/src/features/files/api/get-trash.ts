import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import type { TrashList } from '@mathbridge/contracts/files';
import { api } from '../../../lib/api-client.ts';
import { filesKeys } from './query-keys.ts';

export interface TrashParams {
  page: number;
  pageSize: number;
}

/** GET upload/trashList: what was deleted in a space, newest first, with when it goes for good. */
export function getTrash(spaceId: number, params: TrashParams, signal?: AbortSignal): Promise<TrashList> {
  return api.call(calls.trashList, { space_id: spaceId, page: params.page, page_size: params.pageSize }, { signal });
}

export const trashQueryOptions = (spaceId: number, params: TrashParams) =>
  queryOptions({
    queryKey: filesKeys.trash(spaceId, params),
    queryFn: ({ signal }) => getTrash(spaceId, params, signal),
    placeholderData: keepPreviousData,
  });

export function useTrash(spaceId: number, params: TrashParams) {
  return useQuery(trashQueryOptions(spaceId, params));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import type { AttachmentList, FileNode } from '@mathbridge/contracts/files';
import { api } from '../../../lib/api-client.ts';
import { filesKeys } from './query-keys.ts';

export type SortField = 'name' | 'updated_at' | 'size';
export type SortOrder = 'asc' | 'desc';

export interface FolderParams {
  page: number;
  pageSize: number;
  sort: SortField;
  order: SortOrder;
}

/** GET upload/getAttachmentList: one page of a folder (folders first), its path and the space's quota. */
export function getFolder(
  spaceId: number,
  folderId: number | undefined,
  params: FolderParams,
  signal?: AbortSignal,
): Promise<AttachmentList> {
  return api.call(
    calls.attachmentList,
    {
      space_id: spaceId,
      parent_id: folderId,
      page: params.page,
      page_size: params.pageSize,
      sort: params.sort,
      order: params.order,
    },
    { signal },
  );
}

/** Refetch a little before the signed links of a listing expire, so its links always work. */
const LINK_MARGIN_MS = 60_000;

export const folderQueryOptions = (spaceId: number, folderId: number | undefined, params: FolderParams) =>
  queryOptions({
    queryKey: filesKeys.folder(spaceId, folderId, params),
    queryFn: ({ signal }) => getFolder(spaceId, folderId, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const expires = query.state.data ? Date.parse(query.state.data.url_expires_at) : NaN;
      return Number.isFinite(expires) ? Math.max(expires - Date.now() - LINK_MARGIN_MS, 30_000) : false;
    },
  });

export function useFolder(spaceId: number, folderId: number | undefined, params: FolderParams) {
  return useQuery(folderQueryOptions(spaceId, folderId, params));
}

/**
 * The subfolders of a folder, for the folder tree: folders come first in a listing, so pages are
 * read until one holds a file or the folder ends.
 */
export async function getSubfolders(spaceId: number, parentId: number, signal?: AbortSignal): Promise<FileNode[]> {
  const folders: FileNode[] = [];
  for (let page = 1; ; page += 1) {
    const list = await getFolder(
      spaceId,
      parentId,
      { page, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' },
      signal,
    );
    const dirs = list.items.filter((item) => item.type === 'dir');
    folders.push(...dirs);
    if (dirs.length < list.items.length || page * MAX_PAGE_SIZE >= list.total) return folders;
  }
}

export const subfoldersQueryOptions = (spaceId: number, parentId: number) =>
  queryOptions({
    queryKey: filesKeys.subfolders(spaceId, parentId),
    queryFn: ({ signal }) => getSubfolders(spaceId, parentId, signal),
  });

import type { QueryClient } from '@tanstack/react-query';

/** Query keys of file spaces. Every key starts with 'files', so one invalidation refreshes them all. */
export const filesKeys = {
  all: ['files'] as const,
  spaces: () => ['files', 'spaces'] as const,
  space: (spaceId: number) => ['files', 'space', spaceId] as const,
  folder: (spaceId: number, folderId: number | undefined, params: object) =>
    ['files', 'space', spaceId, 'folder', folderId ?? 'root', params] as const,
  subfolders: (spaceId: number, parentId: number) => ['files', 'space', spaceId, 'subfolders', parentId] as const,
  trash: (spaceId: number, params: object) => ['files', 'space', spaceId, 'trash', params] as const,
};

/**
 * After any change: a change in one folder moves quota, the folder tree, the trash and the
 * listing together, and they are cheap to refetch (only what is on screen refetches).
 */
export function invalidateFiles(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: filesKeys.all });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';
import { filesKeys } from './query-keys.ts';

/** GET upload/spaces: the spaces the caller may open (personal, shared templates, memberships). */
export function getSpaces(signal?: AbortSignal) {
  return api.call(calls.spaces, {}, { signal });
}

export const spacesQueryOptions = () =>
  queryOptions({
    queryKey: filesKeys.spaces(),
    queryFn: ({ signal }) => getSpaces(signal),
    select: (data) => data.items,
  });

export function useSpaces() {
  return useQuery(spacesQueryOptions());
}

/** The first space of a kind ('personal', 'shared_tpl'), once the list has loaded. */
export function useSpaceOfKind(kind: string) {
  const spaces = useSpaces();
  return { ...spaces, space: spaces.data?.find((space) => space.kind === kind) };
}

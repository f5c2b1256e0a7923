import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowEndpoints as calls } from '@mathbridge/contracts/endpoints/workflow';
import { api } from '../../../lib/api-client.ts';

export const todoCountQueryKey = ['workflow', 'todoCount'] as const;

/** How often the header looks for new to-dos while the page stays open. */
const POLL_MS = 60_000;

export function getTodoCount(signal?: AbortSignal) {
  return api.call(calls.todoCount, {}, { signal });
}

export const todoCountQueryOptions = () =>
  queryOptions({
    queryKey: todoCountQueryKey,
    queryFn: ({ signal }) => getTodoCount(signal),
    select: (result) => result.count,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });

/** GET workflow/todoCount: open items the user must act on (the header badge). */
export function useTodoCount(enabled: boolean) {
  return useQuery({ ...todoCountQueryOptions(), enabled });
}

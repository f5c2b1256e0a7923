import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { workflowEndpoints as calls } from '@mathbridge/contracts/endpoints/workflow';
import type { TodoKind, TodoState } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';

export const todosQueryKey = ['workflow', 'todoList'] as const;

export interface TodoFilter {
  status: TodoState;
  /** Only items of this kind (`?kind=` from a dashboard count). */
  kind?: TodoKind;
  page: number;
  page_size: number;
}

export function getTodos(filter: TodoFilter, signal?: AbortSignal) {
  return api.call(calls.todoList, filter, { signal });
}

export const todosQueryOptions = (filter: TodoFilter) =>
  queryOptions({
    queryKey: [...todosQueryKey, filter],
    queryFn: ({ signal }) => getTodos(filter, signal),
    placeholderData: keepPreviousData,
  });

/** GET workflow/todoList: what the viewer must act on (or did), newest first. */
export function useTodos(filter: TodoFilter) {
  return useQuery(todosQueryOptions(filter));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogEndpoints as calls } from '@mathbridge/contracts/endpoints/audit-log';
import { api } from '../../../lib/api-client.ts';

export interface LogsFilter {
  page: number;
  page_size: number;
  actor?: string;
  action?: string;
  date_from?: string;
  date_to?: string;
}

export const logsQueryKey = ['sys', 'getLogs'] as const;

export function getLogs(filter: LogsFilter, signal?: AbortSignal) {
  return api.call(calls.getLogs, filter, { signal });
}

export const logsQueryOptions = (filter: LogsFilter) =>
  queryOptions({
    queryKey: [...logsQueryKey, filter],
    queryFn: ({ signal }) => getLogs(filter, signal),
    placeholderData: keepPreviousData,
  });

/** GET sys/getLogs (admins): the audit log, newest first, by actor, action and days. */
export function useLogs(filter: LogsFilter) {
  return useQuery(logsQueryOptions(filter));
}

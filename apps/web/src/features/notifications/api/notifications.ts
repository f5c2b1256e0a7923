import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@mathbridge/contracts/constants';
import { notificationEndpoints as calls } from '@mathbridge/contracts/endpoints/notifications';
import type { NotificationListQuery, NotificationPrefsSave } from '@mathbridge/contracts/notifications';
import { api } from '../../../lib/api-client.ts';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const notificationsQueryKey = ['notifications'] as const;

/** GET notification/list: the caller's own, newest first; `unread: 1` only the unread. */
export function getNotifications(params: NotificationListQuery, signal?: AbortSignal) {
  return api.call(calls.list, params, { signal });
}

export const notificationsQueryOptions = (params: NotificationListQuery) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'list', params],
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(params: NotificationListQuery, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(params), enabled });
}

/** GET notification/unreadCount: the bell's number, polled and refreshed when the window regains focus. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'unreadCount'],
    queryFn: ({ signal }) => api.call(calls.unreadCount, {}, { signal }),
    select: (result) => result.count,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}

/** POST notification/read: marks the caller's own; the bell and the lists refresh. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.call(calls.read, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** POST notification/readAll. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(calls.readAll, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

const prefsQueryKey = [...notificationsQueryKey, 'prefs'] as const;

/** GET notification/prefs: the WeChat switch of every category. */
export function useNotificationPrefs() {
  return useQuery({
    queryKey: prefsQueryKey,
    queryFn: ({ signal }) => api.call(calls.prefs, {}, { signal }),
  });
}

/** POST notification/savePrefs: the answer is every category's switch, put straight into the cache. */
export function useSaveNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPrefsSave) => api.call(calls.savePrefs, input),
    onSuccess: (prefs) => queryClient.setQueryData(prefsQueryKey, prefs),
  });
}

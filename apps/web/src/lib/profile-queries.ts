import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { userEndpoints } from '@mathbridge/contracts/endpoints/user';
import { i18n } from '../i18n/i18n.ts';
import { api } from './api-client.ts';
import { fetchProfile, signOutTo } from './auth.ts';
import { notify } from './notify.ts';
import { useSession } from './session-store.ts';

export const profileQueryKey = ['user', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile({ signal }),
    // The session already holds the profile: show it at once, refresh behind it.
    initialData: () => useSession.getState().profile ?? undefined,
    initialDataUpdatedAt: 0,
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** POST user/logout; the local session ends whatever the server says: the user asked to leave. */
export function useLogout() {
  return useMutation({
    // An already-expired session needs no "please sign in" notice on the way out.
    mutationFn: () => api.call(userEndpoints.logout, {}, { authFailure: 'silent' }),
    onSettled: async () => {
      await signOutTo('/signin');
      notify.success(i18n.t('nav.loggedOut'));
    },
  });
}

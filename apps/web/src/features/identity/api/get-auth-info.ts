import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { AuthInfo } from '@mathbridge/contracts/identity';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import { api } from '../../../lib/api-client.ts';
import { fetchProfile } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/session-store.ts';

export const authInfoQueryKey = ['user', 'authInfo'] as const;

/** While a request is under review the page looks again now and then, so a decision shows up. */
const PENDING_POLL_MS = 30_000;

export function getAuthInfo(signal?: AbortSignal): Promise<AuthInfo> {
  return api.call(calls.authInfo, {}, { signal });
}

export const authInfoQueryOptions = () =>
  queryOptions({
    queryKey: authInfoQueryKey,
    queryFn: ({ signal }) => getAuthInfo(signal),
    // The identity changes on other screens (/certification) and by reviewers: always ask again.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.verify_state === VERIFY_STATE.pending ? PENDING_POLL_MS : false),
  });

/**
 * GET user/authInfo: identity, verify_state, newest request and survey. When it reports another
 * verify_state than the session holds (a reviewer decided), the profile is reloaded so the
 * header's badge and workspace button follow.
 */
export function useAuthInfo() {
  const query = useQuery(authInfoQueryOptions());
  const sessionState = useSession((s) => s.profile?.verify_state);
  const fresh = query.data?.verify_state;
  useEffect(() => {
    if (fresh !== undefined && fresh !== sessionState) void fetchProfile().catch(() => undefined);
  }, [fresh, sessionState]);
  return query;
}

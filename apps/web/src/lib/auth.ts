import type { LoginResult, Profile } from '@mathbridge/contracts/accounts';
import { userEndpoints } from '@mathbridge/contracts/endpoints/user';
import { api, type RequestOptions } from './api-client.ts';
import { resetCaches } from './cache-reset.ts';
import { navigateTo } from './navigation.ts';
import { endSession, useSession } from './session-store.ts';
import { readToken, writeToken } from './token.ts';

/**
 * The signed-in user (spec §4): token → profile → role-filtered routes. Shared by every feature,
 * like bulletproof-react's lib/auth. The profile's TanStack query lives in lib/profile-queries.ts.
 */

/** GET user/profile; the store mirrors the result so guards and the nav read it synchronously. */
export async function fetchProfile(options: RequestOptions = {}): Promise<Profile> {
  const profile = await api.call(userEndpoints.profile, {}, options);
  useSession.getState().setProfile(profile);
  return profile;
}

let restoring: Promise<void> | null = null;

/**
 * Makes the session store agree with the token cookie before a route renders; every guard awaits
 * it, and concurrent callers share one profile load. A profile persisted at unload lets the page
 * render at once and is refreshed in the background.
 */
export function ensureSession(): Promise<void> {
  const session = useSession.getState();
  if (!readToken()) {
    if (session.hasToken || session.profile) session.clear();
    restoring = null;
    return Promise.resolve();
  }
  if (!session.hasToken) session.markSignedIn();
  restoring ??= restoreProfile(session.profile !== null);
  return restoring;
}

async function restoreProfile(havePersistedProfile: boolean): Promise<void> {
  // An old cookie at start-up is not the user's fault: end it quietly, the guard does the rest.
  const load = fetchProfile({ authFailure: 'silent' });
  if (havePersistedProfile) {
    load.catch(() => undefined);
    return;
  }
  await load.catch(() => undefined);
}

/** After sign-in or sign-up: keep the token, forget the previous user's data, load the profile. */
export async function completeSignIn(result: LoginResult): Promise<Profile> {
  writeToken(result.token);
  resetCaches();
  useSession.getState().markSignedIn();
  restoring = Promise.resolve();
  return fetchProfile();
}

/** Ends the session locally, leaves for `to`, then drops the old user's cached data. */
export async function signOutTo(to: string): Promise<void> {
  endSession({ onPurpose: true });
  await navigateTo(to, { replace: true });
  resetCaches();
}

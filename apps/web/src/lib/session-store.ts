import { create } from 'zustand';
import type { Profile } from '@mathbridge/contracts/accounts';
import { VISITOR_ROLE, type RoleName } from '@mathbridge/contracts/roles';
import { readAppState } from './app-state.ts';
import { clearToken, readToken } from './token.ts';

/**
 * Who is signed in (spec §4 session): token presence, the loaded profile and the roles that
 * filter the workspace routes. The token itself stays in its cookie.
 */
export interface SessionState {
  hasToken: boolean;
  profile: Profile | null;
  roles: RoleName[];
  /** A token was just stored (sign-in, sign-up, or another tab signed in). */
  markSignedIn: () => void;
  setProfile: (profile: Profile) => void;
  /** Token and roles are gone (logout, invalid session). */
  clear: () => void;
}

/** A user without roles has the role 'visitors' (spec §3). */
export function rolesOf(profile: Profile | null): RoleName[] {
  if (!profile) return [];
  const names = profile.roles.map((role) => role.roleName);
  return names.length > 0 ? names : [VISITOR_ROLE];
}

function initialSession(): Pick<SessionState, 'hasToken' | 'profile' | 'roles'> {
  const hasToken = readToken() !== undefined;
  // A profile saved when the tab unloaded is only trusted while the token cookie still exists.
  const profile = hasToken ? (readAppState().session?.profile ?? null) : null;
  return { hasToken, profile, roles: rolesOf(profile) };
}

/**
 * Set when this client ended its session on purpose (logout, password change), until the next
 * sign-in: the token it ended, so a 305 that answers a call made with it (or made afterwards,
 * without a token) is known as the echo of that sign-out rather than news for the user.
 */
let endedOnPurpose: { token: string | undefined } | null = null;

export const useSession = create<SessionState>()((set) => ({
  ...initialSession(),
  markSignedIn: () => {
    endedOnPurpose = null;
    set({ hasToken: true });
  },
  setProfile: (profile) => set({ profile, roles: rolesOf(profile), hasToken: true }),
  clear: () => set({ hasToken: false, profile: null, roles: [] }),
}));

/**
 * Ends the session on this device: forgets the token cookie, the profile and the roles. `onPurpose`:
 * the user asked for it (logout, password change), so calls it makes fail are no surprise.
 */
export function endSession(options: { onPurpose?: boolean } = {}): void {
  if (options.onPurpose) endedOnPurpose = { token: readToken() };
  clearToken();
  useSession.getState().clear();
}

/**
 * Whether "not signed in" (305) for a call sent with `sentToken` only echoes a sign-out this client
 * made on purpose: the call carried the ended token (it was in flight, or the page being left made
 * it), or it carried none and nobody has signed in since.
 */
export function echoesSignOut(sentToken: string | undefined): boolean {
  if (!endedOnPurpose) return false;
  return sentToken === undefined ? readToken() === undefined : sentToken === endedOnPurpose.token;
}

import { useEffect, useState } from 'react';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { AcceptInvitationResult, InvitationInfo } from '@mathbridge/contracts/org';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { fetchProfile } from '../../../lib/auth.ts';

/**
 * The invitation page is public and calls the API twice at most, so it uses plain calls (with
 * useAction) instead of the query library: a public page with a first-load budget.
 */

/** GET sys/invitationInfo (public): who invites to what; a dead link says why. */
export function getInvitationInfo(id: string): Promise<InvitationInfo> {
  // The page explains a dead or unknown link itself: no toast on top of it.
  return api.call(calls.invitationInfo, { id }, { reportErrors: false });
}

/** POST sys/acceptInvite: join; the session's identity and verify_state follow. */
export async function acceptInvitation(id: string): Promise<AcceptInvitationResult> {
  const result = await api.call(calls.acceptInvite, { id }, { reportErrors: false });
  await fetchProfile().catch(() => undefined);
  return result;
}

export type InvitationLoad =
  | { status: 'loading' }
  /** `code`: the envelope status (404 unknown link, 400 malformed id), 0 when none came. */
  | { status: 'error'; code: number }
  | { status: 'ready'; info: InvitationInfo };

/** The invitation behind a link, loaded once per id (and again after `reload`). */
export function useInvitationInfo(id: string): [InvitationLoad, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ tag: string; value: InvitationLoad } | null>(null);
  const tag = `${id}#${attempt}`;
  useEffect(() => {
    let current = true;
    getInvitationInfo(id).then(
      (info) => current && setResult({ tag, value: { status: 'ready', info } }),
      (error: unknown) =>
        current && setResult({ tag, value: { status: 'error', code: isApiError(error) ? error.status : 0 } }),
    );
    return () => {
      current = false;
    };
  }, [id, tag]);
  // A reload keeps showing what is known until the new answer arrives.
  const state: InvitationLoad = result?.tag.startsWith(`${id}#`) ? result.value : { status: 'loading' };
  return [state, () => setAttempt((n) => n + 1)];
}

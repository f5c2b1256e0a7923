import type { Profile } from '@mathbridge/contracts/accounts';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';

/** Where a signed-in user works: the workspace, or the onboarding checklist while that is their next step. */
export type HomePath = '/manage' | '/firstmeet';

/**
 * A certified user (admins are too) works in the workspace, which opens their role's first section;
 * what is left of their checklist (the first action) waits there. Before certification the
 * workspace is closed (spec §4) and the checklist says what to do next: complete the account,
 * choose an identity, certify, or wait for the review. Without a profile the checklist is the safe
 * answer: it needs none of the workspace's checks.
 */
export function homePath(profile: Pick<Profile, 'verify_state'> | null | undefined): HomePath {
  return profile?.verify_state === VERIFY_STATE.verified ? '/manage' : '/firstmeet';
}

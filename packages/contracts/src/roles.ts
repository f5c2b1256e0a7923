/** Roles of spec §3. Teacher and Individual exist but are hidden from the identity choices. */
export const ROLES = [
  'Enterprise',
  'ResearchInstitute',
  'Specialist',
  'Student',
  'Teacher',
  'Individual',
  'Admin',
] as const;
export type Role = (typeof ROLES)[number];

/** The role a signed-in user without any role has (spec §3). */
export const VISITOR_ROLE = 'visitors';
export type RoleName = Role | typeof VISITOR_ROLE;

/** Identities a user may choose and certify (spec §1); Teacher and Individual are hidden. */
export const SELECTABLE_ROLES = ['Enterprise', 'ResearchInstitute', 'Specialist', 'Student'] as const;
export type SelectableRole = (typeof SELECTABLE_ROLES)[number];

export const ORGANISATION_ROLES: readonly Role[] = ['Enterprise', 'ResearchInstitute'];

/** verify_state (spec §3): null or negative = unverified, 0 pending, 1 verified, 2 rejected. */
export const VERIFY_STATE = { pending: 0, verified: 1, rejected: 2 } as const;
export type VerifyStateName = 'unverified' | 'pending' | 'verified' | 'rejected';

export function verifyStateName(state: number | null | undefined): VerifyStateName {
  if (state === null || state === undefined || state < 0) return 'unverified';
  if (state === VERIFY_STATE.pending) return 'pending';
  if (state === VERIFY_STATE.verified) return 'verified';
  return 'rejected';
}

/** Job options (spec §3). */
export const EXPERIENCE_LEVELS = [0, 1, 2, 3, 4, 5] as const;
export const EMPLOYMENT_TYPES = [0, 1, 2, 5] as const;
/** Education degrees (spec §3). */
export const EDUCATION_DEGREES = ['bachelor', 'master', 'doctor'] as const;
/** Publish ranges (spec §3). */
export const PUBLISH_RANGES = ['public', 'group'] as const;

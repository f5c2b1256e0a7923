import { IDENTITY_ROLES, type IdentityRole } from '@mathbridge/contracts/identity';

/** The identity a user holds (at most one; Admin is not an identity). */
export function identityRoleOf(roles: readonly string[]): IdentityRole | null {
  return IDENTITY_ROLES.find((role) => roles.includes(role)) ?? null;
}

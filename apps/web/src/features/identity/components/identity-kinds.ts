import type { IdentityRole } from '@mathbridge/contracts/identity';
import { ORGANISATION_ROLES, type Role } from '@mathbridge/contracts/roles';

/**
 * People certify on /account/individual-authentication, organisations on
 * /account/institute-authentication. Kept free of the zod schemas: the public /certification
 * page imports it.
 */
export type CertificationKind = 'individual' | 'organisation';

export const KIND_ROLES = {
  individual: ['Specialist', 'Student'],
  organisation: ['Enterprise', 'ResearchInstitute'],
} as const satisfies Record<CertificationKind, readonly IdentityRole[]>;

export const AUTH_PAGES: Record<CertificationKind, string> = {
  individual: '/account/individual-authentication',
  organisation: '/account/institute-authentication',
};

export const MENU_KEYS = {
  individual: 'individual-authentication',
  organisation: 'institute-authentication',
} as const satisfies Record<CertificationKind, string>;

export function kindOf(role: Role | IdentityRole): CertificationKind {
  return ORGANISATION_ROLES.includes(role as Role) ? 'organisation' : 'individual';
}

import { IDENTITY_ROLES, type IdentityRole } from '@mathbridge/contracts/identity';
import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';

/** Admins pass every workspace check (spec §6) and review certifications. */
export const isAdmin = (caller: Pick<Caller, 'roles'>): boolean => caller.roles.includes('Admin');

export function requireAdmin(caller: Pick<Caller, 'roles'>): void {
  if (!isAdmin(caller)) throw forbidden();
}

/** The identity a user holds (at most one; Admin is not an identity). */
export function identityRoleOf(roles: readonly string[]): IdentityRole | null {
  return IDENTITY_ROLES.find((role) => roles.includes(role)) ?? null;
}

/** A unique-index violation, as SQLite and PostgreSQL word it. */
export const isUniqueViolation = (error: unknown): boolean =>
  /unique|duplicate/i.test(String((error as Error)?.message ?? ''));

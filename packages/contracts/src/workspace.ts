import type { RoleName } from './roles.ts';
import { VERIFY_STATE } from './roles.ts';
import { canOpenSection } from './routes.ts';

/**
 * Whether a signed-in user may use a workspace section: the spec §6 table allows their roles and
 * they are certified (verify_state 1, spec §4). Admins pass both. The web guard and the server's
 * `section` + `verified` checks both mean exactly this.
 */
export function canUseSection(
  roles: readonly RoleName[],
  verifyState: number | null | undefined,
  key: string,
): boolean {
  if (!canOpenSection(roles, key)) return false;
  return roles.includes('Admin') || verifyState === VERIFY_STATE.verified;
}

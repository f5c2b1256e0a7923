import type { Profile } from '@mathbridge/contracts/accounts';
import type { Db } from '../../db/database.ts';
import { countOpenTodos } from '../workflow/todo.service.ts';
import { findOrganisationByOwner } from './org.repository.ts';

/**
 * What the profile says about identity (user/profile): the organisation the user owns, and
 * whether they have approvals to act on now (open to-dos: certification reviews for admins,
 * membership claims for organisation owners).
 */
export async function identityProfile(
  db: Db,
  user: { id: number; roles: readonly string[] },
): Promise<Pick<Profile, 'owned_org' | 'verification_approve'>> {
  const [org, open] = await Promise.all([findOrganisationByOwner(db, user.id), countOpenTodos(db, user)]);
  return { owned_org: org ? { id: org.id, name: org.name } : null, verification_approve: open > 0 };
}

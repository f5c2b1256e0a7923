import type { Db } from '../../db/database.ts';
import type { User } from '../../db/types.ts';
import * as repo from './user.repository.ts';

/**
 * What other modules may read and change of a user: identity reads names and verify_state and
 * moves verify_state and the identity role (in its own transactions: pass the transaction).
 */

export const findUserById = (db: Db, id: number): Promise<User | undefined> => repo.findUserById(db, id);

/** A user's avatar URL for other modules' presenters (null without one). */
export { avatarUrl } from './user.presenter.ts';

export const rolesOf = (db: Db, userId: number): Promise<{ role: string; status: number }[]> =>
  repo.rolesOf(db, userId);

/** The identity transitions' writes (DESIGN §4): a guarded move of verify_state, and the one identity role. */
export const moveVerifyState = repo.moveVerifyState;
export const setVerifyState = repo.setVerifyState;
export const setTruename = repo.setTruename;
export const replaceIdentityRole = repo.replaceIdentityRole;

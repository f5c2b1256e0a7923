import { IDENTITY_ROLES } from '@mathbridge/contracts/identity';
import type { Db } from '../../db/database.ts';
import type { NewUser, User, UserUpdate } from '../../db/types.ts';

/** Kysely queries over users and their roles; services pass a transaction when they need one. */

export const findUserByPhone = (db: Db, phone: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

export const findUserById = (db: Db, id: number): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * A users row as an account starts: phone, password hash and account name; the profile (name,
 * email, contacts, avatar) empty and unverified unless given.
 */
export function newUserRow(
  fields: Pick<NewUser, 'phone' | 'password_hash' | 'account'> & Partial<Pick<NewUser, 'truename' | 'verify_state'>>,
  now: string,
): NewUser {
  return {
    truename: null,
    email: null,
    contact: null,
    contact_phone: null,
    avatar_key: null,
    verify_state: null,
    ...fields,
    created_at: now,
    updated_at: now,
  };
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * Points a user at a new avatar and answers the key it replaced, read under the row's lock (a no-op
 * UPDATE … RETURNING first: on PostgreSQL it waits for a parallel swap and sees its key).
 */
export async function swapAvatarKey(db: Db, id: number, key: string, now: string): Promise<string | null> {
  const before = await db
    .updateTable('users')
    .set((eb) => ({ avatar_key: eb.ref('avatar_key') }))
    .where('id', '=', id)
    .returning('avatar_key')
    .executeTakeFirst();
  await updateUser(db, id, { avatar_key: key, updated_at: now });
  return before?.avatar_key ?? null;
}

export async function rolesOf(db: Db, userId: number): Promise<{ role: string; status: number }[]> {
  return db.selectFrom('user_roles').select(['role', 'status']).where('user_id', '=', userId).orderBy('role').execute();
}

export async function addRole(db: Db, userId: number, role: string, createdAt: string): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, status: 1, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

export async function emailUsedByOther(db: Db, email: string, userId: number | null): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (userId !== null) query = query.where('id', '!=', userId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Sets verify_state only if it is one of `from` (null stands for unverified): the first write of a
 * transition, so two submissions racing for one user cannot both pass.
 */
export async function moveVerifyState(
  db: Db,
  userId: number,
  from: readonly ('unverified' | number)[],
  to: number,
  now: string,
): Promise<boolean> {
  const numbers = from.filter((v): v is number => typeof v === 'number');
  const result = await db
    .updateTable('users')
    .set({ verify_state: to, updated_at: now })
    .where('id', '=', userId)
    .where((eb) => {
      const options = numbers.length ? [eb('verify_state', 'in', numbers)] : [];
      if (from.includes('unverified')) options.push(eb('verify_state', 'is', null), eb('verify_state', '<', 0));
      return eb.or(options);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setVerifyState(db: Db, userId: number, state: number | null, now: string): Promise<void> {
  await db.updateTable('users').set({ verify_state: state, updated_at: now }).where('id', '=', userId).execute();
}

export async function setTruename(db: Db, userId: number, truename: string, now: string): Promise<void> {
  await db.updateTable('users').set({ truename, updated_at: now }).where('id', '=', userId).execute();
}

/** A user holds at most one identity role; Admin is kept. */
export async function replaceIdentityRole(db: Db, userId: number, role: string, now: string): Promise<void> {
  await db
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('role', 'in', [...IDENTITY_ROLES])
    .execute();
  await db.insertInto('user_roles').values({ user_id: userId, role, status: 1, created_at: now }).execute();
}

import type { Db } from '../../db/database.ts';
import type { NewUser, User, UserUpdate } from '../../db/types.ts';

/** Kysely queries over users and their roles; services pass a transaction when they need one. */

export const findUserByPhone = (db: Db, phone: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

export const findUserById = (db: Db, id: number): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
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

import type { Db } from '../../db/database.ts';
import type { ContactRow } from '../../db/types.ts';

export const listContacts = (db: Db, userId: number): Promise<ContactRow[]> =>
  db
    .selectFrom('contacts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();

export const findContact = (db: Db, id: number): Promise<ContactRow | undefined> =>
  db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();

export async function countContacts(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function clearDefaultContact(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('contacts')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
}

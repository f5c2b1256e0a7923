import { sql, type Insertable, type Updateable } from 'kysely';
import type { OpenWishListQuery } from '@mathbridge/contracts/wishes';
import type { Db } from '../../db/database.ts';
import type { CooperateWishesTable, WishResponseRow, WishResponsesTable, WishRow } from '../../db/types.ts';
import { likeContains } from '../../lib/sql.ts';

/** Kysely queries over cooperation wishes and their responses. */

export const insertWish = (db: Db, row: Insertable<CooperateWishesTable>): Promise<WishRow> =>
  db.insertInto('cooperate_wishes').values(row).returningAll().executeTakeFirstOrThrow();

export const findWish = (db: Db, id: number): Promise<WishRow | undefined> =>
  db.selectFrom('cooperate_wishes').selectAll().where('id', '=', id).executeTakeFirst();

export async function moveWish(
  db: Db,
  id: number,
  from: string,
  changes: Updateable<CooperateWishesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('cooperate_wishes')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts one more response while the wish is open (taking its row lock); false when it is not open. */
export async function addResponseCount(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('cooperate_wishes')
    .set({ response_count: sql<number>`response_count + 1` })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listWishes(
  db: Db,
  orgId: number | null,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<WishRow[]> {
  let query = db.selectFrom('cooperate_wishes').selectAll();
  if (orgId !== null) query = query.where('org_id', '=', orgId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function listOpen(
  db: Db,
  filters: Pick<OpenWishListQuery, 'msc' | 'keyword'>,
  after: [string | number, number] | null,
  limit: number,
): Promise<WishRow[]> {
  let query = db.selectFrom('cooperate_wishes').selectAll().where('status', '=', 'open');
  // msc_fields is a short comma list: match a whole code with surrounding commas.
  if (filters.msc) query = query.where(sql<boolean>`(',' || msc_fields || ',') like ${`%,${filters.msc},%`}`);
  if (filters.keyword) {
    const pattern = likeContains(filters.keyword.toLowerCase());
    query = query.where(
      sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(description) like ${pattern} escape '\\')`,
    );
  }
  if (after)
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(String(after[0]), after[1])));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export const findResponse = (db: Db, wishId: number, orgId: number): Promise<WishResponseRow | undefined> =>
  db
    .selectFrom('wish_responses')
    .selectAll()
    .where('wish_id', '=', wishId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();

export const insertResponse = (db: Db, row: Insertable<WishResponsesTable>): Promise<WishResponseRow> =>
  db.insertInto('wish_responses').values(row).returningAll().executeTakeFirstOrThrow();

export const listResponses = (db: Db, wishId: number, limit: number, offset: number): Promise<WishResponseRow[]> =>
  db
    .selectFrom('wish_responses')
    .selectAll()
    .where('wish_id', '=', wishId)
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function responsesOf(
  db: Db,
  orgId: number,
  wishIds: readonly number[],
): Promise<Map<number, WishResponseRow>> {
  if (wishIds.length === 0) return new Map(); // SQL "IN ()" is a syntax error
  const rows = await db
    .selectFrom('wish_responses')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('wish_id', 'in', [...wishIds])
    .execute();
  return new Map(rows.map((row) => [row.wish_id, row]));
}

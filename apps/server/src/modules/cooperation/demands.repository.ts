import { sql, type Insertable, type Updateable } from 'kysely';
import type { PublishedSort } from '@mathbridge/contracts/demands';
import type { Db } from '../../db/database.ts';
import type { DemandReceiptRow, DemandRow, DemandsTable } from '../../db/types.ts';
import { likeContains } from './actors.ts';

/** Kysely queries over demands, their field rows and receipts; services pass their transaction. */

export const insertDemand = (db: Db, row: Insertable<DemandsTable>): Promise<DemandRow> =>
  db.insertInto('demands').values(row).returningAll().executeTakeFirstOrThrow();

export const findDemand = (db: Db, id: number): Promise<DemandRow | undefined> => db.selectFrom('demands').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateDemand(db: Db, id: number, changes: Updateable<DemandsTable>): Promise<void> {
  await db.updateTable('demands').set(changes).where('id', '=', id).execute();
}

/** Changes a demand only if it is still in `from`: the guard that makes racing transitions 409. */
export async function moveDemand(db: Db, id: number, from: string, changes: Updateable<DemandsTable>): Promise<boolean> {
  const result = await db.updateTable('demands').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addSolutionCount(db: Db, id: number, delta: number): Promise<void> {
  await db.updateTable('demands').set({ solution_count: sql<number>`solution_count + ${delta}` }).where('id', '=', id).execute();
}

/** Replaces a demand's field rows (on save). */
export async function setDemandFields(db: Db, demand: Pick<DemandRow, 'id' | 'status' | 'published_at'>, codes: readonly string[]): Promise<void> {
  await db.deleteFrom('demand_fields').where('demand_id', '=', demand.id).execute();
  if (codes.length === 0) return;
  await db
    .insertInto('demand_fields')
    .values(codes.map((code) => ({ demand_id: demand.id, code, status: demand.status, published_at: demand.published_at })))
    .execute();
}

/** Keeps the copied status of the field rows in step with the demand. */
export async function syncDemandFields(db: Db, id: number, status: string, publishedAt: string | null): Promise<void> {
  await db.updateTable('demand_fields').set({ status, published_at: publishedAt }).where('demand_id', '=', id).execute();
}

/** One page of an organisation's demands (all organisations for admins), newest change first. */
export function listDemands(db: Db, filter: { orgId: number | null; status?: string }, limit: number, offset: number): Promise<DemandRow[]> {
  let query = db.selectFrom('demands').selectAll();
  if (filter.orgId !== null) query = query.where('org_id', '=', filter.orgId);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export interface PublishedFilters {
  industry?: string;
  province_code?: string;
  city_code?: string;
  budget_min?: number;
  budget_max?: number;
  keyword?: string;
  msc?: string;
}

const SORT_COLUMN = { newest: 'published_at', deadline: 'deadline', budget: 'budget_max' } as const;
const SORT_DIRECTION = { newest: 'desc', deadline: 'asc', budget: 'desc' } as const;

/** The sort key of a row under a sort, as it goes into the next cursor. */
export const sortKeyOf = (row: DemandRow, sort: PublishedSort): string | number | null => row[SORT_COLUMN[sort]];

/**
 * A keyset page of published demands: `after` is the (sort key, id) of the previous page's last
 * row, so every page costs an index range scan whatever its depth, and no total is counted.
 */
export function listPublished(db: Db, filters: PublishedFilters, sort: PublishedSort, after: [string | number, number] | null, limit: number): Promise<DemandRow[]> {
  let query = db.selectFrom('demands').selectAll('demands').where('demands.status', '=', 'published');
  if (filters.industry) query = query.where('demands.industry', '=', filters.industry);
  if (filters.province_code) query = query.where('demands.province_code', '=', filters.province_code);
  if (filters.city_code) query = query.where('demands.city_code', '=', filters.city_code);
  if (filters.budget_min !== undefined) query = query.where('demands.budget_max', '>=', filters.budget_min);
  if (filters.budget_max !== undefined) query = query.where('demands.budget_min', '<=', filters.budget_max);
  if (filters.keyword) {
    const pattern = likeContains(filters.keyword.toLowerCase());
    query = query.where(sql<boolean>`(lower(demands.title) like ${pattern} escape '\\' or lower(demands.summary) like ${pattern} escape '\\')`);
  }
  if (filters.msc) {
    const code = filters.msc;
    query = query.where((eb) => eb.exists(eb.selectFrom('demand_fields').select('demand_fields.demand_id').whereRef('demand_fields.demand_id', '=', 'demands.id').where('demand_fields.code', '=', code)));
  }
  const column = SORT_COLUMN[sort];
  const direction = SORT_DIRECTION[sort];
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple(`demands.${column}`, 'demands.id'), direction === 'desc' ? '<' : '>', eb.tuple(value as never, id)));
  }
  return query.orderBy(`demands.${column}`, direction).orderBy('demands.id', direction).limit(limit).execute();
}

/**
 * Published demands sharing MSC codes with `codes`, ranked by how many they share, then by
 * recency. Reads the (code, status, published_at) index of demand_fields only.
 */
export async function listRecommended(db: Db, codes: readonly string[], limit: number, offset: number): Promise<{ demand_id: number; overlap: number }[]> {
  if (codes.length === 0) return []; // SQL "IN ()" is a syntax error
  const rows = await db
    .selectFrom('demand_fields')
    .select(['demand_id', (eb) => eb.fn.countAll<number>().as('overlap'), (eb) => eb.fn.max('published_at').as('published_at')])
    .where('code', 'in', [...codes])
    .where('status', '=', 'published')
    .groupBy('demand_id')
    .orderBy('overlap', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('demand_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({ demand_id: row.demand_id, overlap: Number(row.overlap) }));
}

export async function findDemandsByIds(db: Db, ids: readonly number[]): Promise<DemandRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('demands').selectAll().where('id', 'in', [...ids]).execute();
}

export const findReceipt = (db: Db, demandId: number, orgId: number): Promise<DemandReceiptRow | undefined> =>
  db.selectFrom('demand_receipts').selectAll().where('demand_id', '=', demandId).where('org_id', '=', orgId).executeTakeFirst();

export async function insertReceipt(db: Db, row: DemandReceiptRow): Promise<void> {
  await db.insertInto('demand_receipts').values(row).execute();
  await db.updateTable('demands').set({ receive_count: sql<number>`receive_count + 1` }).where('id', '=', row.demand_id).execute();
}

export const findCooperationOfDemand = (db: Db, demandId: number) =>
  db.selectFrom('cooperations').selectAll().where('demand_id', '=', demandId).executeTakeFirst();

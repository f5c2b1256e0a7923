import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CooperationRow, CooperationsTable, SolutionRow, SolutionsTable } from '../../db/types.ts';

/** Kysely queries over solutions and cooperations; services pass their transaction. */

export const insertSolution = (db: Db, row: Insertable<SolutionsTable>): Promise<SolutionRow> =>
  db.insertInto('solutions').values(row).returningAll().executeTakeFirstOrThrow();

export const findSolution = (db: Db, id: number): Promise<SolutionRow | undefined> =>
  db.selectFrom('solutions').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateSolution(db: Db, id: number, changes: Updateable<SolutionsTable>): Promise<void> {
  await db.updateTable('solutions').set(changes).where('id', '=', id).execute();
}

/** Changes a solution only if it is still in `from`. */
export async function moveSolution(
  db: Db,
  id: number,
  from: string,
  changes: Updateable<SolutionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('solutions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An organisation's draft or submitted solution to a demand (one open answer per institute). */
export const findOpenSolution = (db: Db, demandId: number, orgId: number) =>
  db
    .selectFrom('solutions')
    .select(['id', 'status'])
    .where('demand_id', '=', demandId)
    .where('org_id', '=', orgId)
    .where('status', 'in', ['draft', 'submitted'])
    .executeTakeFirst();

/** An organisation's newest solution to a demand; an open one is always its newest (one open answer at a time). */
export const findLatestSolution = (db: Db, demandId: number, orgId: number) =>
  db
    .selectFrom('solutions')
    .select(['id', 'status'])
    .where('demand_id', '=', demandId)
    .where('org_id', '=', orgId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const solutionsInState = (db: Db, demandId: number, status: string): Promise<SolutionRow[]> =>
  db.selectFrom('solutions').selectAll().where('demand_id', '=', demandId).where('status', '=', status).execute();

/** One page of an organisation's solutions (every organisation's when `orgId` is null: admins), newest change first. */
export function listOwnSolutions(
  db: Db,
  orgId: number | null,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<SolutionRow[]> {
  let query = db.selectFrom('solutions').selectAll();
  if (orgId !== null) query = query.where('org_id', '=', orgId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** The answers a demand received (never drafts or withdrawn ones), oldest first for comparing. */
export function listDemandSolutions(
  db: Db,
  demandId: number,
  statuses: readonly string[],
  limit: number,
  offset: number,
): Promise<SolutionRow[]> {
  return db
    .selectFrom('solutions')
    .selectAll()
    .where('demand_id', '=', demandId)
    .where('status', 'in', [...statuses])
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Bounded by the institutes that received one demand: an index range, not a table scan. */
export async function countDemandSolutions(db: Db, demandId: number, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('solutions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('demand_id', '=', demandId)
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const insertCooperation = (db: Db, row: Insertable<CooperationsTable>): Promise<CooperationRow> =>
  db.insertInto('cooperations').values(row).returningAll().executeTakeFirstOrThrow();

export const findCooperation = (db: Db, id: number): Promise<CooperationRow | undefined> =>
  db.selectFrom('cooperations').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Solutions waiting for an enterprise's decision (submitted on its live demands): its live demands
 * by the (org_id, status) index, then each demand's submitted answers by (demand_id, status).
 */
export async function countAwaitingDecision(db: Db, enterpriseOrgId: number): Promise<number> {
  const row = await db
    .selectFrom('demands')
    .innerJoin('solutions', 'solutions.demand_id', 'demands.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('demands.org_id', '=', enterpriseOrgId)
    .where('demands.status', 'in', ['published', 'paused'])
    .where('solutions.status', '=', 'submitted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

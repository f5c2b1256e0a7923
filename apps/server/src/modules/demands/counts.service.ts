import { sql } from 'kysely';
import { DEMAND_STATES } from '@mathbridge/contracts/demands';
import { SOLUTION_STATES } from '@mathbridge/contracts/solutions';
import type { DashboardWork } from '@mathbridge/contracts/workflow';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { ShortCache } from '../../db/short-cache.ts';
import { countCooperating, countReceivedPublished } from './demands.repository.ts';
import { countAwaitingDecision } from './solutions.repository.ts';

/**
 * Maintained totals by status (DESIGN §8: no COUNT(*) per list request). Every transition moves
 * one unit from its old status to its new one, for the organisation and for the platform (org 0),
 * in the transition's own transaction.
 */
export type CountScope = 'demand' | 'solution' | 'wish';
export const PLATFORM = 0;

async function add(db: Db, scope: CountScope, orgId: number, status: string, delta: number): Promise<void> {
  await db
    .insertInto('cooperation_counts')
    .values({ scope, org_id: orgId, status, n: delta })
    .onConflict((oc) =>
      oc.columns(['scope', 'org_id', 'status']).doUpdateSet({ n: sql<number>`cooperation_counts.n + ${delta}` }),
    )
    .execute();
}

/** Moves one item of an organisation from `from` to `to` (null = created / gone). */
export async function moveCount(
  db: Db,
  scope: CountScope,
  orgId: number,
  from: string | null,
  to: string | null,
): Promise<void> {
  if (from === to) return;
  // A fixed order of row updates, so concurrent transitions never wait on each other in a cycle.
  const changes = [...(from ? [{ status: from, delta: -1 }] : []), ...(to ? [{ status: to, delta: 1 }] : [])].sort(
    (a, b) => a.status.localeCompare(b.status),
  );
  for (const org of [orgId, PLATFORM]) {
    for (const change of changes) await add(db, scope, org, change.status, change.delta);
  }
}

const countRows = preparedQuery((db: Db, param: (name: 'scope' | 'orgId') => never) =>
  db
    .selectFrom('cooperation_counts')
    .select(['status', 'n'])
    .where('scope', '=', param('scope'))
    .where('org_id', '=', param('orgId')),
);

/** Kept for a moment (db/short-cache.ts); every moveCount in this process drops it. */
const countCache = new ShortCache<string, Awaited<ReturnType<typeof countRows>>>(['cooperation_counts']);
const cachedCountRows = (db: Db, scope: CountScope, orgId: number) =>
  countCache.get(db, `${scope}:${orgId}`, () => countRows(db, { scope, orgId }));

/** The totals of one organisation (or the platform), by status; missing statuses are 0. One indexed read, compiled once and briefly cached: lists show it on every page. */
export async function readCounts<S extends string>(
  db: Db,
  scope: CountScope,
  orgId: number,
  statuses: readonly S[],
): Promise<Record<S, number>> {
  const rows = await cachedCountRows(db, scope, orgId);
  const out = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const row of rows)
    if ((statuses as readonly string[]).includes(row.status)) out[row.status as S] = Number(row.n);
  return out;
}

export async function readCount(db: Db, scope: CountScope, orgId: number, status: string): Promise<number> {
  const row = (await cachedCountRows(db, scope, orgId)).find((r) => r.status === status);
  return row ? Number(row.n) : 0;
}

/**
 * An enterprise's part of the workspace dashboard (identity's workflow/dashboard): its demands by
 * state (the maintained totals), the answers waiting for its decision and the cooperations under
 * way (each an index range over its own live demands).
 */
export async function enterpriseWork(db: Db, orgId: number): Promise<NonNullable<DashboardWork['enterprise']>> {
  const [demands, awaiting, cooperations] = await Promise.all([
    readCounts(db, 'demand', orgId, DEMAND_STATES),
    countAwaitingDecision(db, orgId),
    countCooperating(db, orgId),
  ]);
  const total = Object.values(demands).reduce((a, b) => a + b, 0);
  return { demands, solutions_awaiting: awaiting, cooperations, first_demand: total === 0 };
}

/** An institute's demand work for the dashboard: demands it received that are still open for answers, its solutions by state. */
export async function instituteDemandWork(
  db: Db,
  orgId: number,
): Promise<Omit<NonNullable<DashboardWork['institute']>, 'subjects'>> {
  const [received, solutions] = await Promise.all([
    countReceivedPublished(db, orgId),
    readCounts(db, 'solution', orgId, SOLUTION_STATES),
  ]);
  return { demands_received: received, solutions };
}

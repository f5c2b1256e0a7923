import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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
    .onConflict((oc) => oc.columns(['scope', 'org_id', 'status']).doUpdateSet({ n: sql<number>`cooperation_counts.n + ${delta}` }))
    .execute();
}

/** Moves one item of an organisation from `from` to `to` (null = created / gone). */
export async function moveCount(db: Db, scope: CountScope, orgId: number, from: string | null, to: string | null): Promise<void> {
  if (from === to) return;
  // A fixed order of row updates, so concurrent transitions never wait on each other in a cycle.
  const changes = [
    ...(from ? [{ status: from, delta: -1 }] : []),
    ...(to ? [{ status: to, delta: 1 }] : []),
  ].sort((a, b) => a.status.localeCompare(b.status));
  for (const org of [orgId, PLATFORM]) {
    for (const change of changes) await add(db, scope, org, change.status, change.delta);
  }
}

/** The totals of one organisation (or the platform), by status; missing statuses are 0. */
export async function readCounts<S extends string>(db: Db, scope: CountScope, orgId: number, statuses: readonly S[]): Promise<Record<S, number>> {
  const rows = await db.selectFrom('cooperation_counts').select(['status', 'n']).where('scope', '=', scope).where('org_id', '=', orgId).execute();
  const out = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const row of rows) if ((statuses as readonly string[]).includes(row.status)) out[row.status as S] = Number(row.n);
  return out;
}

export async function readCount(db: Db, scope: CountScope, orgId: number, status: string): Promise<number> {
  const row = await db.selectFrom('cooperation_counts').select('n').where('scope', '=', scope).where('org_id', '=', orgId).where('status', '=', status).executeTakeFirst();
  return row ? Number(row.n) : 0;
}

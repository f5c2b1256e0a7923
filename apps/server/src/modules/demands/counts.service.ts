import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { ShortCache } from '../../db/short-cache.ts';

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

import type { Db } from '../../db/database.ts';
import { PLATFORM, readCount, readCounts } from './counts.service.ts';

/**
 * Counts of the cooperation area for the public portal (content module): public demands
 * (published, paused or completed), accepted solutions (cooperations) and public demands per
 * industry; and whether a user has ever submitted a demand or a solution (`index/checkStep`).
 */
export const PUBLIC_DEMAND_STATES = ['published', 'paused', 'completed'] as const;

export async function cooperationCounts(db: Db): Promise<{ demands_published: number; cooperations: number }> {
  const [demands, cooperations] = await Promise.all([
    readCounts(db, 'demand', PLATFORM, PUBLIC_DEMAND_STATES),
    readCount(db, 'solution', PLATFORM, 'accepted'),
  ]);
  return {
    demands_published: demands.published + demands.paused + demands.completed,
    cooperations,
  };
}

/** Public demands per industry code, most first (ties by code). */
export async function publicDemandsByIndustry(db: Db): Promise<{ industry: string; count: number }[]> {
  const rows = await db
    .selectFrom('demands')
    .select(['industry', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', [...PUBLIC_DEMAND_STATES])
    .groupBy('industry')
    .execute();
  return rows
    .map((r) => ({ industry: r.industry, count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.industry.localeCompare(b.industry));
}

/** Whether the user has submitted a demand (at any time; a later rejection does not undo it). */
export async function hasSubmittedDemand(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('demands')
    .select('id')
    .where('owner_id', '=', userId)
    .where('submitted_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user has submitted a solution (at any time). */
export async function hasSubmittedSolution(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('solutions')
    .select('id')
    .where('owner_id', '=', userId)
    .where('submitted_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

import type { ResearchKind } from '@mathbridge/contracts/research';
import type { Db } from '../../db/database.ts';

/**
 * Research counts for the public portal (content module): subjects and directions that have been
 * published (published or any later state); and whether a user has applied to or joined a project
 * of a kind (`index/checkStep`).
 */
export const PUBLIC_PROJECT_STATES = ['published', 'paused', 'in_progress', 'concluded', 'closed'] as const;

export async function publicProjectCounts(db: Db): Promise<{ subjects: number; directions: number }> {
  const rows = await db
    .selectFrom('research_projects')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', [...PUBLIC_PROJECT_STATES])
    // A project closed while still a draft was never public.
    .where('published_at', 'is not', null)
    .groupBy('kind')
    .execute();
  const of = (kind: ResearchKind) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { subjects: of('subject'), directions: of('direction') };
}

/**
 * Whether the user has applied to or joined a project of this kind: any membership that began
 * with an application or an accepted invitation (a pending or declined invitation does not count).
 */
export async function hasJoinedOrApplied(db: Db, userId: number, kind: ResearchKind): Promise<boolean> {
  const row = await db
    .selectFrom('research_members as m')
    .innerJoin('research_projects as p', 'p.id', 'm.project_id')
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('p.kind', '=', kind)
    .where('m.status', 'not in', ['invited', 'declined'])
    .executeTakeFirst();
  return row !== undefined;
}

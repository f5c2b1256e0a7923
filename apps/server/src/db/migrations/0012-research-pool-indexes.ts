import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The research pool's keyword search (`lower(title) like '%…%' or lower(summary) like …`, issue 10
 * bench): PostgreSQL has no statistics for those expressions, guesses that almost no row matches,
 * and so reads every published project of the kind by bitmap and sorts them, instead of walking
 * research_projects_pool in publication order until the page is full (EXPLAIN, 20k projects, a
 * keyword in one title of 20: 15 ms → 0.3 ms). Expression statistics (PostgreSQL 14+) give the
 * planner the real frequency; no index is added (a trigram index cannot serve the usual two-
 * character Chinese keywords). SQLite's planner already walks the pool index: nothing to do there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create statistics research_projects_lower_title on (lower(title)) from research_projects`.execute(db);
  await sql`create statistics research_projects_lower_summary on (lower(summary)) from research_projects`.execute(db);
  await sql`analyze research_projects`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop statistics if exists research_projects_lower_title`.execute(db);
  await sql`drop statistics if exists research_projects_lower_summary`.execute(db);
}

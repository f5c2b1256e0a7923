import { sql, type Kysely } from 'kysely';

/**
 * One open (draft or submitted) solution per institute and demand, held by the database
 * (issue 9): a partial unique index, which SQLite and PostgreSQL both support. Before it, parallel
 * `solution/save` calls on PostgreSQL could each find no open solution and each insert one.
 *
 * A database that already holds such duplicates keeps one per (demand, institute) — the first
 * submitted one, else the first draft — and withdraws the others, with their maintained totals,
 * the demand's answer count and their review to-dos, so the index can be built.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const { rows: open } = await sql<{ id: number; demand_id: number; org_id: number; status: string }>`
    select s.id, s.demand_id, s.org_id, s.status from solutions s
    where s.status in ('draft', 'submitted')
      and exists (select 1 from solutions o
                  where o.demand_id = s.demand_id and o.org_id = s.org_id
                    and o.status in ('draft', 'submitted') and o.id <> s.id)
    order by s.demand_id, s.org_id, case s.status when 'submitted' then 0 else 1 end, s.id`.execute(db);
  const kept = new Set<string>();
  for (const row of open) {
    const key = `${row.demand_id}:${row.org_id}`;
    if (!kept.has(key)) {
      kept.add(key);
      continue;
    }
    await sql`update solutions set status = 'withdrawn', updated_at = ${now} where id = ${row.id}`.execute(db);
    for (const org of [row.org_id, 0]) {
      await sql`update cooperation_counts set n = n - 1
                where scope = 'solution' and org_id = ${org} and status = ${row.status}`.execute(db);
      await sql`insert into cooperation_counts (scope, org_id, status, n) values ('solution', ${org}, 'withdrawn', 1)
                on conflict (scope, org_id, status) do update set n = cooperation_counts.n + 1`.execute(db);
    }
    if (row.status === 'submitted') {
      await sql`update demands set solution_count = solution_count - 1 where id = ${row.demand_id}`.execute(db);
      await sql`update todos set status = 2, closed_at = ${now}
                where target_type = 'solution' and target_id = ${row.id} and status = 0`.execute(db);
    }
  }
  await sql`create unique index solutions_one_open on solutions (demand_id, org_id)
            where status in ('draft', 'submitted')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index solutions_one_open`.execute(db);
}

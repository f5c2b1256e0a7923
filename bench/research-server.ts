import fs from 'node:fs';
import path from 'node:path';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { businessToday } from '@mathbridge/contracts/demands';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { signIn, signedQuery } from './lib.ts';
import { newUserRow } from '../apps/server/src/modules/user/user.repository.ts';

/**
 * The real app over a seeded research pool: PROJECTS subjects and PROJECTS directions from 300
 * certified specialists (70% published, the rest draft, in progress or closed; 10% group-range
 * with five designees, the bench viewer among a third of them; some full, some past their
 * deadline), two MSC codes each (research_project_fields), every 20th title holding the bench
 * keyword. The bench viewer is a certified specialist with research fields 90 and 65 (the
 * 'recommended' filter). Seeded in one transaction with batched inserts; the viewer's token, the
 * deep-page cursors (walked through the API) and the floor's parameters go to DATA_DIR/bench.json.
 */
const PROJECTS = Number(process.env.PROJECTS ?? 10_000);
const OWNERS = 300;
const BATCH = 500;
const DEEP_PAGES = 50;
const KEYWORD = '优化';
const FIELDS = ['05', '11', '35', '60', '62', '65', '68', '90', '91', '93'];
const TOPICS = ['排产', '调度', '图论', '随机过程', '偏微分方程', '数值代数', '组合', '统计学习', '控制', '密码'];
const STATUSES = ['published', 'published', 'published', 'published', 'published', 'published', 'published'];
STATUSES.push('draft', 'in_progress', 'closed');
const PHONE = (i: number) => `1370000${String(i).padStart(4, '0')}`;
const KINDS = ['subject', 'direction'] as const;

async function insertBatched<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function seed(db: Db): Promise<void> {
  const hash = await hashPassword('bench-password');
  const base = Date.parse('2026-01-01T00:00:00Z');
  const at = (i: number) => new Date(base + i * 60_000).toISOString();
  await db.transaction().execute(async (trx) => {
    // User 0 is the bench viewer; users 1..OWNERS own the projects.
    const users = Array.from({ length: OWNERS + 1 }, (_, i) =>
      newUserRow(
        { phone: PHONE(i), password_hash: hash, account: `rbench${i}`, truename: `专家 ${i}`, verify_state: 1 },
        at(0),
      ),
    );
    await insertBatched(users, (chunk) => trx.insertInto('users').values(chunk).execute());
    const ids = (await trx.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
    await insertBatched(
      ids.map((id) => ({ user_id: id, role: 'Specialist', status: 1, created_at: at(0) })),
      (chunk) => trx.insertInto('user_roles').values(chunk).execute(),
    );
    await insertBatched(
      ids.map((id, i) => ({
        user_id: id,
        role: 'Specialist',
        source: 'form',
        status: 1,
        title: `专家 ${i}`,
        org_id: null,
        data: JSON.stringify({ research_fields: i === 0 ? ['90', '65'] : [FIELDS[i % FIELDS.length]] }),
        id_number_sealed: null,
        reason: null,
        reviewer_id: null,
        submitted_at: at(0),
        reviewed_at: at(0),
      })),
      (chunk) => trx.insertInto('certifications').values(chunk).execute(),
    );
    const viewer = ids[0] ?? 0;
    const projects = [];
    const fields = [];
    const designees: { project_id: number; user_id: number }[] = [];
    const named = new Set<string>();
    let id = 0;
    for (const kind of KINDS)
      for (let i = 0; i < PROJECTS; i += 1) {
        id += 1;
        const owner = 1 + (i % OWNERS);
        const status = STATUSES[i % STATUSES.length] ?? 'draft';
        const published = status === 'draft' ? null : at(id);
        const codes = [FIELDS[i % FIELDS.length] ?? '90', FIELDS[(i * 7 + 3) % FIELDS.length] ?? '65'].filter(
          (c, k, all) => all.indexOf(c) === k,
        );
        const group = i % 10 === 9;
        const topic = TOPICS[i % TOPICS.length] ?? '排产';
        projects.push({
          id,
          kind,
          owner_org_id: null,
          owner_user_id: ids[owner] ?? 0,
          owner_name: `专家 ${owner}`,
          parent_id: null,
          solution_id: null,
          demand_id: null,
          title: `${topic}${i % 20 === 0 ? KEYWORD : '研究'} ${i}`,
          summary: `第 ${i} 个${kind === 'subject' ? '课题' : '方向'}的摘要：${topic}中的一个开放问题`,
          description: '描述'.repeat(50),
          msc_fields: codes.join(','),
          publish_range: group ? 'group' : 'public',
          headcount: 5,
          member_count: i % 20 === 7 ? 5 : i % 5,
          apply_deadline: i % 15 === 4 ? '2025-01-01' : i % 3 === 0 ? null : '2099-12-31',
          confidential: i % 4 === 0 ? 1 : 0,
          status,
          space_id: null,
          created_at: at(id),
          updated_at: at(id),
          published_at: published,
          started_at: null,
          ended_at: null,
        });
        for (const code of codes) fields.push({ project_id: id, code, kind, status, published_at: published });
        if (group)
          for (let k = 0; k < 5; k += 1) {
            const user = k === 0 && i % 3 === 0 ? viewer : (ids[1 + ((i + k * 37) % OWNERS)] ?? 0);
            if (named.has(`${id}:${user}`)) continue;
            named.add(`${id}:${user}`);
            designees.push({ project_id: id, user_id: user });
          }
      }
    await insertBatched(projects, (chunk) => trx.insertInto('research_projects').values(chunk).execute());
    await insertBatched(fields, (chunk) => trx.insertInto('research_project_fields').values(chunk).execute());
    await insertBatched(designees, (chunk) => trx.insertInto('research_designees').values(chunk).execute());
  });
}

const config = loadConfig();
const { app, ctx } = await buildApp(config);
const started = Date.now();
await seed(ctx.db);
const seededMs = Date.now() - started;
if (config.databaseUrl) {
  // Explicitly set ids leave PostgreSQL's sequence behind; later inserts must not collide.
  const { sql } = await import('kysely');
  await sql`select setval(pg_get_serial_sequence('research_projects', 'id'), (select max(id) from research_projects))`.execute(
    ctx.db,
  );
  await sql`analyze`.execute(ctx.db);
}

const payloadOf = <T>(body: string) => JSON.parse(body) as { status: number; result: T };
const viewerToken = await signIn(app, PHONE(0));
const viewerId = (await ctx.db.selectFrom('users').select('id').where('phone', '=', PHONE(0)).executeTakeFirstOrThrow())
  .id;

/** The cursor of page DEEP_PAGES + 1 (or the last page), walked through the API as a user would scroll. */
async function deepCursor(kind: string, query: Record<string, string>): Promise<string> {
  let cursor = '';
  for (let page = 0; page < DEEP_PAGES; page += 1) {
    const reply = await app.inject({
      method: 'GET',
      url: `/api/${kind}/pool?${signedQuery({ ...query, ...(cursor ? { cursor } : {}) })}`,
      headers: { [TOKEN_HEADER]: viewerToken },
    });
    const body = payloadOf<{ next_cursor: string | null }>(reply.body);
    if (body.status !== 200) throw new Error(`walk ${kind} ${page}: ${reply.body}`);
    // A small data set ends sooner: the deepest page there is.
    if (!body.result.next_cursor) break;
    cursor = body.result.next_cursor;
  }
  return cursor;
}
const cursors: Record<string, string> = {};
for (const kind of KINDS) {
  cursors[`${kind}:plain`] = await deepCursor(kind, {});
  cursors[`${kind}:recommended`] = await deepCursor(kind, { recommended: '1' });
}
fs.writeFileSync(
  path.join(process.env.DATA_DIR ?? '.', 'bench.json'),
  JSON.stringify({ viewerToken, viewerId, seededMs, cursors, today: businessToday(), projects: PROJECTS }),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');

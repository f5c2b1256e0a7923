import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { signIn } from './lib.ts';
import { newUserRow } from '../apps/server/src/modules/user/user.repository.ts';

/**
 * The real app over a seeded demands data set: DEMANDS demands (70% published) from 1,000
 * enterprises, the bench enterprise owning 10% of them, and SOLUTIONS solutions from 100
 * institutes. Seeded in one transaction with batched inserts, then the bench enterprise and
 * institute sign in; their tokens go to DATA_DIR/bench.json.
 */
const DEMANDS = Number(process.env.DEMANDS ?? 100_000);
const SOLUTIONS = Number(process.env.SOLUTIONS ?? 300_000);
const ENTERPRISES = 1000;
const INSTITUTES = 100;
const BATCH = 500;
const INDUSTRIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T'];
const STATUSES = [
  'published',
  'published',
  'published',
  'published',
  'published',
  'published',
  'published',
  'draft',
  'submitted',
  'closed',
];
const FIELDS = ['05', '11', '35', '60', '62', '65', '68', '90', '91', '93'];
const PHONE = (i: number) => `1380000${String(i).padStart(4, '0')}`;

async function insertBatched<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function seed(db: Db): Promise<void> {
  const hash = await hashPassword('bench-password');
  const base = Date.parse('2026-01-01T00:00:00Z');
  const at = (i: number) => new Date(base + i * 60_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const people = ENTERPRISES + INSTITUTES;
    const users = Array.from({ length: people }, (_, i) =>
      newUserRow({ phone: PHONE(i), password_hash: hash, account: `bench${i}`, verify_state: 1 }, at(0)),
    );
    await insertBatched(users, (chunk) => trx.insertInto('users').values(chunk).execute());
    const ids = (await trx.selectFrom('users').select(['id', 'phone']).orderBy('id').execute()).map((u) => u.id);
    await insertBatched(
      ids.map((id, i) => ({
        user_id: id,
        role: i < ENTERPRISES ? 'Enterprise' : 'ResearchInstitute',
        status: 1,
        created_at: at(0),
      })),
      (chunk) => trx.insertInto('user_roles').values(chunk).execute(),
    );
    const orgs = ids.map((id, i) => ({
      type: i < ENTERPRISES ? 'Enterprise' : 'ResearchInstitute',
      name: `机构 ${i}`,
      credit_code: `91110000BENCH${String(i).padStart(5, '0')}`,
      owner_id: id,
      status: 1,
      licence_file_id: null,
      logo_key: null,
      address: '地址',
      province_code: '1100',
      city_code: null,
      website: null,
      business_scope: '范围',
      industry: i < ENTERPRISES ? 'C' : null,
      research_fields: i < ENTERPRISES ? '' : '90,65',
      application_description: '说明',
      introduction: null,
      contact: '联系人',
      contact_phone: '13900000000',
      created_at: at(0),
      updated_at: at(0),
      verified_at: at(0),
    }));
    await insertBatched(orgs, (chunk) => trx.insertInto('organisations').values(chunk).execute());
    const orgIds = (await trx.selectFrom('organisations').select('id').orderBy('id').execute()).map((o) => o.id);
    const counts = new Map<string, number>();
    const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    const demands = [];
    const fields = [];
    for (let i = 0; i < DEMANDS; i += 1) {
      // Every 10th demand belongs to enterprise 0 (the bench enterprise).
      const owner = i % 10 === 0 ? 0 : 1 + (i % (ENTERPRISES - 1));
      const status = STATUSES[i % STATUSES.length] ?? 'draft';
      const published = status === 'published' || status === 'closed' ? at(i) : null;
      const codes = [FIELDS[i % FIELDS.length] ?? '90', FIELDS[(i * 7 + 3) % FIELDS.length] ?? '65'].filter(
        (c, k, all) => all.indexOf(c) === k,
      );
      demands.push({
        id: i + 1,
        org_id: orgIds[owner] ?? 0,
        owner_id: ids[owner] ?? 0,
        org_name: `机构 ${owner}`,
        status,
        title: `需求 ${i}`,
        industry: INDUSTRIES[i % INDUSTRIES.length] ?? 'C',
        summary: `第 ${i} 个需求的摘要：一个真实的工业问题`,
        problem: '问题描述'.repeat(20),
        expected_outcome: '预期成果',
        available_data: null,
        budget_min: (i % 50) * 10_000,
        budget_max: (i % 50) * 10_000 + 100_000,
        deadline: '2027-06-30',
        province_code: '1100',
        city_code: null,
        msc_fields: codes.join(','),
        nda_required: i % 3 === 0 ? 1 : 0,
        attachments: '[]',
        contact: '王经理',
        contact_phone: '13900001111',
        space_id: null,
        reject_reason: null,
        reviewer_id: null,
        solution_count: 3,
        receive_count: 3,
        created_at: at(i),
        updated_at: at(i),
        submitted_at: null,
        reviewed_at: null,
        published_at: published,
        ended_at: null,
      });
      for (const code of codes) fields.push({ demand_id: i + 1, code, status, published_at: published });
      bump(`${orgIds[owner]}:${status}`);
      bump(`0:${status}`);
    }
    await insertBatched(demands, (chunk) => trx.insertInto('demands').values(chunk).execute());
    await insertBatched(fields, (chunk) => trx.insertInto('demand_fields').values(chunk).execute());
    await insertBatched(
      [...counts].map(([key, n]) => {
        const [org, status] = key.split(':');
        return { scope: 'demand', org_id: Number(org), status: status ?? '', n };
      }),
      (chunk) => trx.insertInto('cooperation_counts').values(chunk).execute(),
    );
    const solutions = Array.from({ length: SOLUTIONS }, (_, i) => {
      // One open answer per demand and institute (index solutions_one_open, migration 0009): each
      // pass over the demands shifts the institutes by one.
      const institute = ENTERPRISES + ((i + Math.floor(i / DEMANDS)) % INSTITUTES);
      return {
        demand_id: 1 + (i % DEMANDS),
        org_id: orgIds[institute] ?? 0,
        owner_id: ids[institute] ?? 0,
        org_name: `机构 ${institute}`,
        status: 'submitted',
        approach: '方法',
        team: '团队',
        timeline: '三个月',
        cost_estimate: 100_000,
        attachments: '[]',
        space_id: null,
        decline_reason: null,
        decline_text: null,
        decided_by: null,
        created_at: at(i),
        updated_at: at(i),
        submitted_at: at(i),
        decided_at: null,
      };
    });
    await insertBatched(solutions, (chunk) => trx.insertInto('solutions').values(chunk).execute());
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
  await sql`select setval(pg_get_serial_sequence('demands', 'id'), (select max(id) from demands))`.execute(ctx.db);
  await sql`analyze`.execute(ctx.db);
}
const enterpriseToken = await signIn(app, PHONE(0));
const instituteToken = await signIn(app, PHONE(ENTERPRISES));
fs.writeFileSync(
  path.join(process.env.DATA_DIR ?? '.', 'bench.json'),
  JSON.stringify({ enterpriseToken, instituteToken, seededMs, enterpriseOrgId: 1 }),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');

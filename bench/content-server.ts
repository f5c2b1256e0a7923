import fs from 'node:fs';
import path from 'node:path';
import { businessToday } from '@mathbridge/contracts/demands';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { signedQuery } from './lib.ts';
import { newUserRow } from '../apps/server/src/modules/user/user.repository.ts';

/**
 * The real app over a seeded portal: ARTICLES articles in the four system categories (80%
 * published over the past years, a few scheduled into the future, the rest drafts or withdrawn;
 * views on most; every 20th title holding the bench keyword) and JOBS jobs of one certified
 * enterprise (70% published before their deadline, the rest drafts, closed or past it). Seeded in
 * one transaction with batched inserts; the deep job cursor (walked through the API) and the
 * floor's parameters go to DATA_DIR/bench.json.
 */
const ARTICLES = Number(process.env.ARTICLES ?? 100_000);
const JOBS = Number(process.env.JOBS ?? 20_000);
const BATCH = 500;
const DEEP_PAGES = 50;
const KEYWORD = '优化';
const ARTICLE_STATUSES = ['published', 'published', 'published', 'published', 'published', 'published', 'published'];
ARTICLE_STATUSES.push('published', 'draft', 'withdrawn');
const JOB_STATUSES = ['published', 'published', 'published', 'published', 'published', 'published', 'published'];
JOB_STATUSES.push('draft', 'closed', 'published');

async function insertBatched<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function seed(db: Db): Promise<void> {
  const hash = await hashPassword('bench-password');
  const base = Date.parse('2023-01-01T00:00:00Z');
  const at = (i: number) => new Date(base + i * 600_000).toISOString();
  const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values(
        newUserRow(
          { phone: '13600000000', password_hash: hash, account: 'cbench', truename: '内容管理员', verify_state: 1 },
          at(0),
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const org = await trx
      .insertInto('organisations')
      .values({
        type: 'Enterprise',
        name: '杭州数桥基准企业有限公司',
        credit_code: '91330100MA2B000000',
        owner_id: user.id,
        status: 1,
        licence_file_id: null,
        logo_key: null,
        address: '杭州',
        province_code: '3300',
        city_code: '3301',
        website: null,
        business_scope: '软件',
        industry: 'I',
        application_description: '基准',
        introduction: null,
        contact: '王经理',
        contact_phone: '13900003333',
        created_at: at(0),
        updated_at: at(0),
        verified_at: at(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const categories = (await trx.selectFrom('content_categories').select('id').orderBy('id').execute()).map(
      (c) => c.id,
    );
    const articles = [];
    const views = [];
    for (let i = 1; i <= ARTICLES; i += 1) {
      const status = ARTICLE_STATUSES[i % ARTICLE_STATUSES.length] ?? 'draft';
      const scheduled = status === 'published' && i % 500 === 0;
      articles.push({
        id: i,
        category_id: categories[i % categories.length] ?? 1,
        title: `${i % 20 === 0 ? KEYWORD : '平台'}动态 ${i}`,
        summary: `第 ${i} 篇文章的摘要：数学与产业的合作`,
        author: '编辑部',
        cover_file_id: null,
        body: '正文'.repeat(400),
        recommended: i % 50 === 0 ? 1 : 0,
        status,
        publish_at: status === 'draft' ? null : scheduled ? future : at(i),
        created_by: user.id,
        updated_by: user.id,
        created_at: at(i),
        updated_at: at(i),
      });
      if (i % 4 !== 0) views.push({ article_id: i, views: i % 997 });
    }
    await insertBatched(articles, (chunk) => trx.insertInto('content_articles').values(chunk).execute());
    await insertBatched(views, (chunk) => trx.insertInto('content_article_views').values(chunk).execute());
    const jobs = [];
    for (let i = 1; i <= JOBS; i += 1) {
      const status = JOB_STATUSES[i % JOB_STATUSES.length] ?? 'draft';
      jobs.push({
        id: i,
        org_id: org.id,
        org_name: '杭州数桥基准企业有限公司',
        owner_id: user.id,
        title: `${i % 20 === 0 ? KEYWORD : '算法'}工程师 ${i}`,
        employment_type: [0, 1, 2, 5][i % 4] ?? 0,
        experience: i % 6,
        negotiable: i % 5 === 0 ? 1 : 0,
        salary_min: i % 5 === 0 ? null : 10_000,
        salary_max: i % 5 === 0 ? null : 20_000,
        degree: 'master',
        province_code: '3300',
        city_code: '3301',
        headcount: 2,
        description: '职责'.repeat(200),
        deadline: i % 10 === 9 ? '2025-01-01' : '2099-12-31',
        contact: '王经理',
        contact_phone: '13900003333',
        status,
        applicant_count: i % 7,
        published_at: status === 'draft' ? null : at(i),
        closed_at: status === 'closed' ? at(i + 1) : null,
        created_at: at(i),
        updated_at: at(i),
      });
    }
    await insertBatched(jobs, (chunk) => trx.insertInto('jobs').values(chunk).execute());
  });
}

const config = loadConfig();
const { app, ctx } = await buildApp(config);
const started = Date.now();
await seed(ctx.db);
const seededMs = Date.now() - started;
if (config.databaseUrl) {
  // Explicitly set ids leave PostgreSQL's sequences behind; later inserts must not collide.
  const { sql } = await import('kysely');
  for (const table of ['content_articles', 'jobs'])
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      ctx.db,
    );
  await sql`analyze`.execute(ctx.db);
}

/** The cursor of job page DEEP_PAGES + 1, walked through the API as a visitor would scroll. */
let cursor = '';
for (let page = 0; page < DEEP_PAGES; page += 1) {
  const reply = await app.inject({
    method: 'GET',
    url: `/api/job/publishedList?${signedQuery(cursor ? { cursor } : {})}`,
  });
  const body = JSON.parse(reply.body) as { status: number; result: { next_cursor: string | null } };
  if (body.status !== 200) throw new Error(`walk jobs ${page}: ${reply.body}`);
  if (!body.result.next_cursor) break;
  cursor = body.result.next_cursor;
}
const industry = (
  await ctx.db.selectFrom('content_categories').select('id').where('slug', '=', 'industry').executeTakeFirstOrThrow()
).id;
fs.writeFileSync(
  path.join(process.env.DATA_DIR ?? '.', 'bench.json'),
  JSON.stringify({ seededMs, jobCursor: cursor, today: businessToday(), articles: ARTICLES, jobs: JOBS, industry }),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');

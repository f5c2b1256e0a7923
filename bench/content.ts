import fs from 'node:fs';
import path from 'node:path';
import { againstFloor, report, signedQuery, withApiAndFloor } from './lib.ts';

/**
 * DESIGN §8 / issue 11: the public list endpoints of /news (`index/getNewsList`, offset pages with
 * their total) and /employ (`job/publishedList`, keyset) over the seeded portal
 * (bench/content-server.ts), against the floor (bare node:http + raw driver, the page query only:
 * bench/content-baseline.ts), measured in the same run at 10 connections, on SQLite and (when
 * BENCH_DATABASE_URL is set) PostgreSQL, floor and API alternating in BENCH_ROUNDS slices.
 * Budget: ≥ 0.5 of the floor and p99 < 25 ms.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEYWORD = '优化';

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<void> {
  await withApiAndFloor(kind, 'bench/content-server.ts', 'bench/content-baseline.ts', async (app, floor) => {
    const info = JSON.parse(fs.readFileSync(path.join(app.dataDir, 'bench.json'), 'utf8')) as {
      seededMs: number;
      jobCursor: string;
      today: string;
      articles: number;
      jobs: number;
      industry: number;
    };
    const [at, id] = JSON.parse(Buffer.from(info.jobCursor, 'base64url').toString('utf8')) as [string, number];
    const cases: { what: string; floorUrl: string; url: string }[] = [
      {
        what: 'news: first page',
        floorUrl: `${floor.url}/news`,
        url: `${app.url}/api/index/getNewsList?${signedQuery({})}`,
      },
      {
        what: 'news: page 10',
        floorUrl: `${floor.url}/news?offset=180`,
        url: `${app.url}/api/index/getNewsList?${signedQuery({ page: '10' })}`,
      },
      {
        what: 'news: category industry',
        floorUrl: `${floor.url}/news?category_id=${info.industry}`,
        url: `${app.url}/api/index/getNewsList?${signedQuery({ category: 'industry' })}`,
      },
      {
        what: `news: keyword '${KEYWORD}'`,
        floorUrl: `${floor.url}/news?${new URLSearchParams({ keyword: KEYWORD }).toString()}`,
        url: `${app.url}/api/index/getNewsList?${signedQuery({ keyword: KEYWORD })}`,
      },
      {
        what: 'jobs: first page',
        floorUrl: `${floor.url}/jobs?today=${info.today}`,
        url: `${app.url}/api/job/publishedList?${signedQuery({})}`,
      },
      {
        what: 'jobs: page 51',
        floorUrl: `${floor.url}/jobs?${new URLSearchParams({ today: info.today, at, id: String(id) }).toString()}`,
        url: `${app.url}/api/job/publishedList?${signedQuery({ cursor: info.jobCursor })}`,
      },
    ];
    const rows: Record<string, string | number>[] = [];
    for (const c of cases) {
      const { base, real, ok, loadBefore, loadAfter } = await againstFloor(c, DURATION_S, ROUNDS);
      rows.push({
        what: c.what,
        'floor req/s': base.rps.toFixed(0),
        'API req/s': real.rps.toFixed(0),
        ratio: (real.rps / base.rps).toFixed(2),
        'floor p99': base.p99,
        'API p99': real.p99,
        errors: base.errors + base.non2xx + real.errors + real.non2xx,
        budget: ok ? 'within (≥ 0.50, p99 < 25 ms)' : 'OVER BUDGET',
        'load avg before → after': `${loadBefore} → ${loadAfter}`,
      });
    }
    report(
      `portal lists on ${kind} (${info.articles} articles, ${info.jobs} jobs; seeded in ${(info.seededMs / 1000).toFixed(1)} s)`,
      rows,
    );
  });
}

export async function benchContent(): Promise<void> {
  await benchOn('sqlite');
  if (process.env.BENCH_DATABASE_URL) await benchOn('postgres');
  else console.warn('\n*** content bench: BENCH_DATABASE_URL is not set; PostgreSQL is SKIPPED ***\n');
}

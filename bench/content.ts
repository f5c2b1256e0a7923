import { againstFloor, benchInfo, report, signedQuery, withApiAndFloor, type ListCase, type Served } from './lib.ts';

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

/** What bench/content-server.ts wrote to bench.json. */
export interface PortalInfo {
  seededMs: number;
  jobCursor: string;
  today: string;
  articles: number;
  jobs: number;
  industry: number;
}

/** /news: first page, page 10, a category, a keyword; /employ: the first page and page 51. */
export function portalCases(floor: Served, info: PortalInfo): ListCase[] {
  const [at, id] = JSON.parse(Buffer.from(info.jobCursor, 'base64url').toString('utf8')) as [string, number];
  return [
    {
      what: 'news: first page',
      floorUrl: `${floor.url}/news`,
      path: `/api/index/getNewsList?${signedQuery({})}`,
    },
    {
      what: 'news: page 10',
      floorUrl: `${floor.url}/news?offset=180`,
      path: `/api/index/getNewsList?${signedQuery({ page: '10' })}`,
    },
    {
      what: 'news: category industry',
      floorUrl: `${floor.url}/news?category_id=${info.industry}`,
      path: `/api/index/getNewsList?${signedQuery({ category: 'industry' })}`,
    },
    {
      what: `news: keyword '${KEYWORD}'`,
      floorUrl: `${floor.url}/news?${new URLSearchParams({ keyword: KEYWORD }).toString()}`,
      path: `/api/index/getNewsList?${signedQuery({ keyword: KEYWORD })}`,
    },
    {
      what: 'jobs: first page',
      floorUrl: `${floor.url}/jobs?today=${info.today}`,
      path: `/api/job/publishedList?${signedQuery({})}`,
    },
    {
      what: 'jobs: page 51',
      floorUrl: `${floor.url}/jobs?${new URLSearchParams({ today: info.today, at, id: String(id) }).toString()}`,
      path: `/api/job/publishedList?${signedQuery({ cursor: info.jobCursor })}`,
    },
  ];
}

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<void> {
  await withApiAndFloor(kind, 'bench/content-server.ts', 'bench/content-baseline.ts', async (app, floor) => {
    const info = benchInfo<PortalInfo>(app);
    const rows: Record<string, string | number>[] = [];
    for (const c of portalCases(floor, info)) {
      const { base, real, ok, loadBefore, loadAfter } = await againstFloor(
        { ...c, url: `${app.url}${c.path}` },
        DURATION_S,
        ROUNDS,
      );
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

import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { againstFloor, benchInfo, report, signedQuery, withApiAndFloor, type ListCase, type Served } from './lib.ts';

/**
 * DESIGN §8 / issue 5 'Measure': with 100,000 demands and 300,000 solutions seeded, the published
 * list with a filter and the enterprise's own list against the floor (bare node:http + raw driver,
 * page query only, no total), measured in the same run at 10 connections, on SQLite and (when
 * BENCH_DATABASE_URL is set) PostgreSQL, floor and API alternating in BENCH_ROUNDS slices. Budget:
 * ≥ 0.5 of the floor and p99 < 25 ms.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** What bench/demands-server.ts wrote to bench.json. */
export interface DemandsInfo {
  enterpriseToken: string;
  instituteToken: string;
  seededMs: number;
}

/** The published list (an institute, industry filter) and the bench enterprise's own list. */
export function demandListCases(floor: Served, info: DemandsInfo): ListCase[] {
  return [
    {
      what: 'published list, industry filter',
      floorUrl: `${floor.url}/published?industry=C`,
      path: `/api/demand/publishedList?${signedQuery({ industry: 'C' })}`,
      headers: { [TOKEN_HEADER]: info.instituteToken },
    },
    {
      what: "enterprise's own list",
      floorUrl: `${floor.url}/own?org=1`,
      path: `/api/demand/list?${signedQuery({})}`,
      headers: { [TOKEN_HEADER]: info.enterpriseToken },
    },
  ];
}

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<void> {
  await withApiAndFloor(kind, 'bench/demands-server.ts', 'bench/demands-baseline.ts', async (app, floor) => {
    const info = benchInfo<DemandsInfo>(app);
    const rows: Record<string, string | number>[] = [];
    for (const c of demandListCases(floor, info)) {
      const { base, real, ok, loadBefore, loadAfter } = await againstFloor(
        { ...c, url: `${app.url}${c.path}` },
        DURATION_S,
        ROUNDS,
      );
      rows.push(
        {
          what: `${c.what}: floor`,
          'req/s': base.rps.toFixed(0),
          'p99 ms': base.p99,
          errors: base.errors + base.non2xx,
        },
        { what: `${c.what}: API`, 'req/s': real.rps.toFixed(0), 'p99 ms': real.p99, errors: real.errors + real.non2xx },
        {
          what: `${c.what}: ratio (≥ 0.50, p99 < 25 ms)`,
          'req/s': (real.rps / base.rps).toFixed(2),
          'p99 ms': ok ? 'within budget' : 'OVER BUDGET',
        },
        { what: `${c.what}: load average before → after`, 'req/s': loadBefore, 'p99 ms': loadAfter },
      );
    }
    report(
      `demand lists on ${kind} (100k demands, 300k solutions; seeded in ${(info.seededMs / 1000).toFixed(1)} s)`,
      rows,
    );
  });
}

export async function benchDemands(): Promise<void> {
  await benchOn('sqlite');
  if (process.env.BENCH_DATABASE_URL) await benchOn('postgres');
  else console.warn('\n*** demands bench: BENCH_DATABASE_URL is not set; PostgreSQL is SKIPPED ***\n');
}

import fs from 'node:fs';
import path from 'node:path';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { againstFloor, report, signedQuery, withApiAndFloor } from './lib.ts';

/**
 * DESIGN §8 / issue 5 'Measure': with 100,000 demands and 300,000 solutions seeded, the published
 * list with a filter and the enterprise's own list against the floor (bare node:http + raw driver,
 * page query only, no total), measured in the same run at 10 connections, on SQLite and (when
 * BENCH_DATABASE_URL is set) PostgreSQL, floor and API alternating in BENCH_ROUNDS slices. Budget:
 * ≥ 0.5 of the floor and p99 < 25 ms.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<void> {
  await withApiAndFloor(kind, 'bench/demands-server.ts', 'bench/demands-baseline.ts', async (app, floor) => {
    const info = JSON.parse(fs.readFileSync(path.join(app.dataDir, 'bench.json'), 'utf8')) as {
      enterpriseToken: string;
      instituteToken: string;
      seededMs: number;
    };
    const cases: { what: string; floorUrl: string; url: string; token: string }[] = [
      {
        what: 'published list, industry filter',
        floorUrl: `${floor.url}/published?industry=C`,
        url: `${app.url}/api/demand/publishedList?${signedQuery({ industry: 'C' })}`,
        token: info.instituteToken,
      },
      {
        what: "enterprise's own list",
        floorUrl: `${floor.url}/own?org=1`,
        url: `${app.url}/api/demand/list?${signedQuery({})}`,
        token: info.enterpriseToken,
      },
    ];
    const rows: Record<string, string | number>[] = [];
    for (const c of cases) {
      const { base, real, ok, loadBefore, loadAfter } = await againstFloor(
        { ...c, headers: { [TOKEN_HEADER]: c.token } },
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

import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { againstFloor, benchInfo, report, signedQuery, withApiAndFloor, type ListCase, type Served } from './lib.ts';

/**
 * DESIGN §8 / issue 10: the research pools (`subject/pool`, `direction/pool`) with PROJECTS
 * projects of each kind seeded (bench/research-server.ts), against the floor (bare node:http +
 * raw driver, the page query only: bench/research-baseline.ts), measured in the same run at 10
 * connections, on SQLite and (when BENCH_DATABASE_URL is set) PostgreSQL, floor and API
 * alternating in BENCH_ROUNDS slices. Cases per kind: the first page, a deep keyset page (page 51,
 * walked through the API), each with and without recommended=1, and a keyword search. Budget:
 * ≥ 0.5 of the floor and p99 < 25 ms.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEYWORD = '优化';
const VIEWER_FIELDS = '90,65';

/** [published_at, id] of an API cursor, for the floor's keyset predicate. */
function cursorKey(cursor: string): { at: string; id: string } {
  const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, number];
  return { at, id: String(id) };
}

/** What bench/research-server.ts wrote to bench.json. */
export interface ResearchInfo {
  viewerToken: string;
  viewerId: number;
  seededMs: number;
  cursors: Record<string, string>;
  today: string;
  projects: number;
}

/** Per kind (subject, direction): first page, page 51, each also recommended, and a keyword search. */
export function poolCases(floor: Served, info: ResearchInfo): ListCase[] {
  const cases: ListCase[] = [];
  for (const face of ['subject', 'direction'] as const) {
    const floorBase = { kind: face, viewer: String(info.viewerId), today: info.today };
    const variants: { what: string; api: Record<string, string>; floor: Record<string, string> }[] = [
      { what: 'first page', api: {}, floor: {} },
      {
        what: 'page 51',
        api: { cursor: info.cursors[`${face}:plain`] ?? '' },
        floor: cursorKey(info.cursors[`${face}:plain`] ?? ''),
      },
      { what: 'recommended, first page', api: { recommended: '1' }, floor: { fields: VIEWER_FIELDS } },
      {
        what: 'recommended, page 51',
        api: { recommended: '1', cursor: info.cursors[`${face}:recommended`] ?? '' },
        floor: { fields: VIEWER_FIELDS, ...cursorKey(info.cursors[`${face}:recommended`] ?? '') },
      },
      { what: `keyword '${KEYWORD}'`, api: { keyword: KEYWORD }, floor: { keyword: KEYWORD } },
    ];
    for (const v of variants)
      cases.push({
        what: `${face}/pool ${v.what}`,
        floorUrl: `${floor.url}/pool?${new URLSearchParams({ ...floorBase, ...v.floor }).toString()}`,
        path: `/api/${face}/pool?${signedQuery(v.api)}`,
        headers: { [TOKEN_HEADER]: info.viewerToken },
      });
  }
  return cases;
}

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<void> {
  await withApiAndFloor(kind, 'bench/research-server.ts', 'bench/research-baseline.ts', async (app, floor) => {
    const info = benchInfo<ResearchInfo>(app);
    const rows: Record<string, string | number>[] = [];
    for (const c of poolCases(floor, info)) {
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
      `research pools on ${kind} (${info.projects} subjects + ${info.projects} directions; seeded in ${(info.seededMs / 1000).toFixed(1)} s)`,
      rows,
    );
  });
}

export async function benchResearch(): Promise<void> {
  await benchOn('sqlite');
  if (process.env.BENCH_DATABASE_URL) await benchOn('postgres');
  else console.warn('\n*** research bench: BENCH_DATABASE_URL is not set; PostgreSQL is SKIPPED ***\n');
}

import os from 'node:os';
import { demandListCases, type DemandsInfo } from './demands.ts';
import { portalCases, type PortalInfo } from './content.ts';
import { poolCases, type ResearchInfo } from './research.ts';
import {
  benchInfo,
  load,
  loadAverage,
  overSlices,
  report,
  withApiAndFloor,
  withinBudget,
  type ListCase,
  type Load,
  type Served,
} from './lib.ts';

/**
 * Issue 14 §4 'Throughput at scale': the list endpoints (demands: own and published; subject/pool
 * and job/publishedList, first pages) on PostgreSQL with REDIS_URL set, so rate limits live in
 * Redis and the short caches stay on (CACHE_MS default) with their invalidation over Redis pub/sub,
 * as in a deployment of several instances. Same data sets, cases and floors as the demands,
 * research and content benches. Per case, in one run, alternating in BENCH_ROUNDS slices so a
 * change of the machine's load hits every side: the floor, one instance at 10 connections, and two
 * instances (the seeding server A and bench/instance-server.ts B over the same schema) with the
 * same 10 connections split 5 + 5, as two concurrent load runs whose rates add up (p99: the worse).
 * The DESIGN §8 budget (≥ 0.50 of the floor, p99 < 25 ms) is checked for one instance; for two,
 * the ratio to one instance is reported as it is.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

/** Every instance answers the call with status 200 in the envelope: the seeded token holds on each. */
async function expectAnswer(instance: Served, c: ListCase): Promise<void> {
  const reply = await fetch(`${instance.url}${c.path}`, { headers: c.headers });
  const body = (await reply.json()) as { status?: number };
  if (reply.status !== 200 || body.status !== 200)
    throw new Error(`${c.what} on ${instance.url}: HTTP ${reply.status}, ${JSON.stringify(body).slice(0, 300)}`);
}

async function measureCase(c: ListCase, floor: Served, a: Served, b: Served): Promise<void> {
  await expectAnswer(a, c);
  await expectAnswer(b, c);
  const on = (instance: Served, connections: number, duration: number) =>
    load({ url: `${instance.url}${c.path}`, headers: c.headers, connections, duration });
  // B has served nothing yet (A walked its pages while seeding): a second of load on each first.
  await Promise.all([on(a, CONNECTIONS / 2, 1), on(b, CONNECTIONS / 2, 1)]);
  const loadBefore = loadAverage();
  const slice = DURATION_S / ROUNDS;
  const slices: { floor: Load; one: Load; two: Load }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const floorLoad = await load({ url: c.floorUrl, connections: CONNECTIONS, duration: slice });
    const one = await on(a, CONNECTIONS, slice);
    const halves = await Promise.all([on(a, CONNECTIONS / 2, slice), on(b, CONNECTIONS / 2, slice)]);
    const two: Load = {
      rps: halves.reduce((sum, h) => sum + h.rps, 0),
      p99: Math.max(...halves.map((h) => h.p99)),
      errors: halves.reduce((sum, h) => sum + h.errors, 0),
      non2xx: halves.reduce((sum, h) => sum + h.non2xx, 0),
    };
    slices.push({ floor: floorLoad, one, two });
  }
  const floorLoad = overSlices(slices.map((s) => s.floor));
  const one = overSlices(slices.map((s) => s.one));
  const two = overSlices(slices.map((s) => s.two));
  const row = (side: string, l: Load, ratio: string, verdict: string) => ({
    side,
    'req/s': l.rps.toFixed(0),
    'p99 ms': l.p99,
    errors: l.errors + l.non2xx,
    ratio,
    verdict,
  });
  report(`cluster: ${c.what} (PostgreSQL + Redis)`, [
    row('floor (node:http + pg, page query only)', floorLoad, '', ''),
    row(
      `1 instance, ${CONNECTIONS} connections`,
      one,
      `${(one.rps / floorLoad.rps).toFixed(2)} of floor`,
      withinBudget(floorLoad, one) ? 'within budget (≥ 0.50, p99 < 25 ms)' : 'OVER BUDGET (≥ 0.50, p99 < 25 ms)',
    ),
    row(
      `2 instances, ${CONNECTIONS / 2} + ${CONNECTIONS / 2} connections`,
      two,
      `${(two.rps / one.rps).toFixed(2)} : 1`,
      `${(two.rps / floorLoad.rps).toFixed(2)} of floor`,
    ),
    { side: 'load average before → after', 'req/s': loadBefore, 'p99 ms': loadAverage(), errors: '', ratio: '' },
  ]);
}

/** Runs `pick`'s cases of one data set on the seeding instance, a second instance and the floor. */
async function onDataSet(
  serverScript: string,
  baselineScript: string,
  pick: (app: Served, floor: Served) => ListCase[],
  redisUrl: string,
): Promise<void> {
  await withApiAndFloor(
    'postgres',
    serverScript,
    baselineScript,
    async (a, floor, [b]) => {
      if (!b) throw new Error('the second instance did not start');
      for (const c of pick(a, floor)) await measureCase(c, floor, a, b);
    },
    { redisUrl, moreInstances: 1 },
  );
}

/** The cases of `all` named `names`, in that order; a name that is gone fails the run rather than shrinking it. */
function only(all: ListCase[], names: string[]): ListCase[] {
  return names.map((name) => {
    const found = all.find((c) => c.what === name);
    if (!found) throw new Error(`cluster bench: no case '${name}'`);
    return found;
  });
}

export async function benchCluster(): Promise<void> {
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (!process.env.BENCH_DATABASE_URL || !redisUrl) {
    console.warn(
      '\n*** cluster bench: needs BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL (Redis); it is SKIPPED ***\n',
    );
    return;
  }
  const cores = os.availableParallelism();
  console.log(
    `\n*** cluster bench: on this machine (${cores} cores) the load generator (autocannon, one thread), PostgreSQL,` +
      `\n*** Redis and both API instances share the same ${cores} cores, so the 2 : 1 ratio is bounded far below 2:` +
      '\n*** it shows what a second process adds on one machine, not what a second machine would.' +
      `\n*** ${DURATION_S} s per side and case in ${ROUNDS} alternating slices; REDIS_URL set, CACHE_MS default.\n`,
  );
  await onDataSet(
    'bench/demands-server.ts',
    'bench/demands-baseline.ts',
    (a, floor) => demandListCases(floor, benchInfo<DemandsInfo>(a)),
    redisUrl,
  );
  await onDataSet(
    'bench/research-server.ts',
    'bench/research-baseline.ts',
    (a, floor) => only(poolCases(floor, benchInfo<ResearchInfo>(a)), ['subject/pool first page']),
    redisUrl,
  );
  await onDataSet(
    'bench/content-server.ts',
    'bench/content-baseline.ts',
    (a, floor) => only(portalCases(floor, benchInfo<PortalInfo>(a)), ['jobs: first page']),
    redisUrl,
  );
}

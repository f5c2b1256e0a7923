import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { queryParams, signPayload } from '@mathbridge/contracts/signature';
import { load, report, serve, type Load } from './lib.ts';

/**
 * DESIGN §8 / issue 5 'Measure': with 100,000 demands and 300,000 solutions seeded, the published
 * list with a filter and the enterprise's own list against the floor (bare node:http + raw driver,
 * page query only, no total), measured in the same run at 10 connections, on SQLite and (when
 * BENCH_DATABASE_URL is set) PostgreSQL, floor and API alternating in BENCH_ROUNDS slices. Budget:
 * ≥ 0.5 of the floor and p99 < 25 ms.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function signedQuery(params: Record<string, string>): string {
  const signed = queryParams(params);
  return new URLSearchParams({ ...signed, sign: signPayload(signed), ignore_sign: '0' }).toString();
}

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  if (kind === 'postgres' && pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const env: Record<string, string> =
    kind === 'postgres' && pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {};
  const app = await serve('bench/demands-server.ts', env);
  const floorEnv: Record<string, string> =
    kind === 'postgres' && pgUrl
      ? { BENCH_PG_URL: pgUrl, BENCH_PG_SCHEMA: schema }
      : { BENCH_SQLITE_FILE: path.join(app.dataDir, 'mathbridge.db') };
  const floor = await serve('bench/demands-baseline.ts', floorEnv);
  try {
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
    // The machine may be shared: the load average beside each figure says how far to trust it.
    const loadAverage = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    for (const c of cases) {
      const before = loadAverage();
      // Floor and API alternate in ROUNDS slices, so a change in the machine's load mid-run hits
      // both sides alike; rates add up over the slices, p99 is the worst slice's.
      const slices: { base: Load; real: Load }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const base = await load({ url: c.floorUrl, duration: DURATION_S / ROUNDS });
        const real = await load({ url: c.url, duration: DURATION_S / ROUNDS, headers: { [TOKEN_HEADER]: c.token } });
        slices.push({ base, real });
      }
      const combine = (all: Load[]): Load => ({
        rps: all.reduce((sum, l) => sum + l.rps, 0) / all.length,
        p99: Math.max(...all.map((l) => l.p99)),
        errors: all.reduce((sum, l) => sum + l.errors, 0),
        non2xx: all.reduce((sum, l) => sum + l.non2xx, 0),
      });
      const base = combine(slices.map((s) => s.base));
      const real = combine(slices.map((s) => s.real));
      const ok = real.rps / base.rps >= 0.5 && real.p99 < 25;
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
        { what: `${c.what}: load average before → after`, 'req/s': before, 'p99 ms': loadAverage() },
      );
    }
    report(
      `demand lists on ${kind} (100k demands, 300k solutions; seeded in ${(info.seededMs / 1000).toFixed(1)} s)`,
      rows,
    );
  } finally {
    await floor.stop();
    await app.stop();
    if (kind === 'postgres' && pgUrl) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    }
  }
}

export async function benchDemands(): Promise<void> {
  await benchOn('sqlite');
  if (process.env.BENCH_DATABASE_URL) await benchOn('postgres');
  else console.warn('\n*** demands bench: BENCH_DATABASE_URL is not set; PostgreSQL is SKIPPED ***\n');
}

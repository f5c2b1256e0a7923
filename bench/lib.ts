import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { queryParams, signPayload } from '@mathbridge/contracts/signature';
import type { Db } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { nowIso } from '../apps/server/src/lib/time.ts';
import { newUserRow } from '../apps/server/src/modules/user/user.repository.ts';

export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Served {
  url: string;
  dataDir: string;
  /** The server process, e.g. to read its memory from /proc. */
  pid: number;
  stop: () => Promise<void>;
}

/** Starts a bench server script (run with tsx) in its own process, so load and server do not share a thread. */
export async function serve(script: string, env: Record<string, string> = {}): Promise<Served> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('READY')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Load {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: 10, duration: 10, ...options });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function report(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n## ${title}`);
  console.table(rows);
}

/** A GET call's query string as the web client signs it. */
export function signedQuery(params: Record<string, string>): string {
  const signed = queryParams(params);
  return new URLSearchParams({ ...signed, sign: signPayload(signed), ignore_sign: '0' }).toString();
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** How the API side of a bench runs (bench/cluster.ts); the defaults are one process without Redis. */
export interface ApiOptions {
  /**
   * redis://…: every API process gets REDIS_URL and a REDIS_PREFIX of its own run, with CACHE_MS
   * at its default (on), so the short caches are invalidated over Redis pub/sub as between the
   * instances of a deployment (lib/cache-bus.ts) and rate limits live in Redis.
   */
  redisUrl?: string;
  /**
   * More API processes over the same PostgreSQL schema once the seeding server is up: the real app
   * without seeding (bench/instance-server.ts). Sessions are in the database, so the seeded tokens
   * work on every instance; the keys every instance must agree on are set alike on all of them.
   */
  moreInstances?: number;
}

/**
 * Runs `measure` against the API server `serverScript` and its floor `baselineScript` sharing one
 * database: the server's SQLite file, or a fresh PostgreSQL schema (BENCH_DATABASE_URL) dropped after.
 * `more` holds the further instances `options.moreInstances` asked for (PostgreSQL only).
 */
export async function withApiAndFloor(
  kind: 'sqlite' | 'postgres',
  serverScript: string,
  baselineScript: string,
  measure: (app: Served, floor: Served, more: Served[]) => Promise<void>,
  options: ApiOptions = {},
): Promise<void> {
  const pgUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  const moreInstances = options.moreInstances ?? 0;
  if (moreInstances > 0 && !pgUrl) throw new Error('more API instances need PostgreSQL (BENCH_DATABASE_URL)');
  const run = randomBytes(4).toString('hex');
  const schema = `bench_${run}`;
  const redisPrefix = `bench_${run}:`;
  const apiEnv: Record<string, string> = {
    ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
    // An inherited CACHE_MS would change what is measured; '' reads as the default.
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_PREFIX: redisPrefix, CACHE_MS: '' } : {}),
    ...(moreInstances > 0
      ? { FILES_URL_SECRET: randomBytes(32).toString('hex'), ID_NUMBER_KEY: randomBytes(32).toString('hex') }
      : {}),
  };
  if (pgUrl) await onPostgres(pgUrl, `create schema ${schema}`);
  const started: Served[] = [];
  try {
    const app = await serve(serverScript, apiEnv);
    started.push(app);
    const more: Served[] = [];
    for (let i = 0; i < moreInstances; i += 1) {
      const instance = await serve('bench/instance-server.ts', apiEnv);
      started.push(instance);
      more.push(instance);
    }
    const floorEnv: Record<string, string> = pgUrl
      ? { BENCH_PG_URL: pgUrl, BENCH_PG_SCHEMA: schema }
      : { BENCH_SQLITE_FILE: path.join(app.dataDir, 'mathbridge.db') };
    const floor = await serve(baselineScript, floorEnv);
    started.push(floor);
    await measure(app, floor, more);
  } finally {
    for (const served of started.reverse()) await served.stop();
    if (pgUrl) await onPostgres(pgUrl, `drop schema ${schema} cascade`);
    if (options.redisUrl) await dropRedisKeys(options.redisUrl, redisPrefix);
  }
}

/** Removes what a run left in Redis under its prefix (rate-limit counters). */
async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** The data set a seeding bench server wrote to DATA_DIR/bench.json (tokens, cursors, sizes). */
export const benchInfo = <T>(app: Served): T =>
  JSON.parse(fs.readFileSync(path.join(app.dataDir, 'bench.json'), 'utf8')) as T;

/**
 * A list call measured against its floor: the floor's URL, and the API call as a path, so the same
 * case runs on any instance (`${instance.url}${path}`).
 */
export interface ListCase {
  what: string;
  floorUrl: string;
  path: string;
  headers?: Record<string, string>;
}

/** The machine may be shared: the load average beside each figure says how far to trust it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export interface FloorComparison {
  base: Load;
  real: Load;
  /** Within the budget: at least half the floor's rate and p99 under 25 ms. */
  ok: boolean;
  loadBefore: string;
  loadAfter: string;
}

/** Equal slices of one run as one figure: the mean rate, the worst slice's p99, all errors. */
export const overSlices = (all: Load[]): Load => ({
  rps: all.reduce((sum, l) => sum + l.rps, 0) / all.length,
  p99: Math.max(...all.map((l) => l.p99)),
  errors: all.reduce((sum, l) => sum + l.errors, 0),
  non2xx: all.reduce((sum, l) => sum + l.non2xx, 0),
});

/** DESIGN §8 for a list: at least half the floor's rate, p99 under 25 ms. */
export const withinBudget = (floor: Load, api: Load): boolean => api.rps / floor.rps >= 0.5 && api.p99 < 25;

/**
 * One case, the floor's URL against the API's, over `durationS`: floor and API alternate in
 * `rounds` slices, so a change in the machine's load mid-run hits both sides alike; rates add up
 * over the slices, p99 is the worst slice's.
 */
export async function againstFloor(
  c: { floorUrl: string; url: string; headers?: Record<string, string> },
  durationS: number,
  rounds: number,
): Promise<FloorComparison> {
  const loadBefore = loadAverage();
  const slices: { base: Load; real: Load }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const base = await load({ url: c.floorUrl, duration: durationS / rounds });
    const real = await load({ url: c.url, duration: durationS / rounds, headers: c.headers });
    slices.push({ base, real });
  }
  const base = overSlices(slices.map((s) => s.base));
  const real = overSlices(slices.map((s) => s.real));
  return { base, real, ok: withinBudget(base, real), loadBefore, loadAfter: loadAverage() };
}

/** Signs a seeded user in through the app (password 'bench-password'); the session token. */
export async function signIn(app: FastifyInstance, phone: string): Promise<string> {
  const payload = { phone_details: phone, password: 'bench-password' };
  const reply = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { ...payload, sign: signPayload(payload), ignore_sign: 0 },
  });
  const body = JSON.parse(reply.body) as { status: number; result: { token: { access_token: string } } };
  if (body.status !== 200) throw new Error(`bench login ${phone}: ${reply.body}`);
  return body.result.token.access_token;
}

/** A plain user (no roles, password 'bench-password') written straight into the database; its id. */
export async function insertBenchUser(db: Db, phone: string): Promise<number> {
  const now = nowIso();
  const user = await db
    .insertInto('users')
    .values(newUserRow({ phone, password_hash: await hashPassword('bench-password'), account: 'bench' }, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { TOKEN_HEADER, VERIFY_CODE_RESEND_S, verbatimFieldsOf } from '@mathbridge/contracts/constants';
import type { Envelope } from '@mathbridge/contracts/api';
import { queryParams, signPayload, type Payload } from '@mathbridge/contracts/signature';
import type { Locale } from '@mathbridge/contracts/locales';
import { isWebRoute } from '@mathbridge/contracts/routes';
import { buildApp, type BuildOptions } from '../app.ts';
import { answerDrifts } from '../plugins/call.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { KernelService } from '../modules/kernels/kernels.service.ts';
import { codeLimitKeys } from '../modules/user/verify-code.service.ts';

/**
 * Boots the real application for a test file: SQLite in a fresh data folder, or (project
 * server-postgres) PostgreSQL in a fresh schema of TEST_DATABASE_URL, dropped afterwards.
 */
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const pgUrl = process.env.TEST_DATABASE_URL;
const requireAll = process.env.REQUIRE_ALL === '1';

if (kind === 'postgres' && !pgUrl) {
  if (requireAll) throw new Error('REQUIRE_ALL=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run');
  console.warn('\n*** server-postgres: TEST_DATABASE_URL is not set; the PostgreSQL suite is SKIPPED ***\n');
}

/** `describe` that skips (loudly, above) when this project's database is unavailable. */
export const describeApi: typeof describe =
  kind === 'postgres' && !pgUrl ? (describe.skip as typeof describe) : describe;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The live kernels (modules/kernels): its supervisor tells where Jupyter's folders are. */
  kernels: KernelService;
  dataDir: string;
}

export function useTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  let schema: string | undefined;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-test-'));
    if (kind === 'postgres') {
      schema = `t_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Its own keys in a shared Redis: limits never count what another test process, or an earlier
      // run within the hour, left under the same address (CI saw a per-IP count start at 1).
      REDIS_PREFIX: `mbtest:${randomBytes(6).toString('hex')}:`,
      ...(kind === 'postgres' ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
      ...env,
    });
    const built = await buildApp(config, options);
    current = { ...built, dataDir };
  });
  afterAll(async () => {
    if (!current) return;
    // Answers that did not match the endpoint table (DESIGN §19) fail the file, whatever its tests checked.
    const drifted = answerDrifts(current.app);
    const pathless = await itemsWithoutPage(current.ctx);
    await current.app.close();
    fs.rmSync(current.dataDir, { recursive: true, force: true });
    if (schema) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    }
    expect(drifted, 'answers that drifted from the endpoint table').toEqual([]);
    expect(pathless, 'to-dos and notifications whose path is not a page of the web app').toEqual([]);
  });
  return () => {
    if (!current) throw new Error('test app not started');
    return current;
  };
}

/**
 * The to-dos and notifications the file's tests made whose path is not a route of the web app
 * (DESIGN §19: they carry their web path), as `kind path`. A file that took its database away
 * (restarts, restores) has none left to read.
 */
async function itemsWithoutPage(ctx: AppContext): Promise<string[]> {
  try {
    const rows = [
      ...(await ctx.db.selectFrom('todos').select(['kind', 'path']).execute()),
      ...(await ctx.db.selectFrom('notifications').select(['kind', 'path']).execute()),
    ];
    return rows.filter((row) => !isWebRoute(row.path)).map((row) => `${row.kind} ${row.path}`);
  } catch {
    return [];
  }
}

export interface CallOptions {
  token?: string;
  locale?: Locale;
  /** The peer address of the connection (a proxy's, when `headers` carries X-Forwarded-For). */
  ip?: string;
  /** Extra request headers, e.g. `x-forwarded-for`. */
  headers?: Record<string, string>;
  /** Send this sign instead of the right one. */
  sign?: string;
  unsigned?: boolean;
}

export type Reply<T = unknown> = Envelope<T> & { http: number; raw: LightMyRequestResponse };

/** Calls `/api/{path}` the way the web client does: cleaned, signed, token in the header. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  apiPath: string,
  payload: Payload = {},
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'accept-language': options.locale ?? 'zh-CN', ...options.headers };
  if (options.token) headers[TOKEN_HEADER] = options.token;
  const signed = method === 'GET' ? queryParams(payload) : { ...payload };
  const withSign = options.unsigned
    ? signed
    : {
        ...signed,
        sign: options.sign ?? signPayload(signed, verbatimFieldsOf(apiPath)),
        ignore_sign: method === 'GET' ? '0' : 0,
      };
  const response = await app.inject({
    method,
    url: `/api/${apiPath}`,
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(method === 'GET' ? { query: withSign as Record<string, string> } : { payload: withSign }),
  });
  const body = response.body
    ? (JSON.parse(response.body) as Envelope<T>)
    : ({ status: response.statusCode, message: '', result: null } as Envelope<T>);
  return { ...body, http: response.statusCode, raw: response };
}

let phoneSeq = 0;
/** A fresh, valid mobile number for each call within a test run. */
export function newPhone(): string {
  phoneSeq += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** The newest code sent to a phone, read from the development outbox as a developer would. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const reply = await call<{ code: string }[]>(app, 'GET', 'dev/outbox', { to: phone }, { unsigned: true });
  const code = reply.result[0]?.code;
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/**
 * A user whose identity is certified (verify_state verified), as kernels and other certified-only
 * calls need, without the certification flow those calls do not test (certification.test.ts does).
 */
export async function registerVerifiedUser(t: TestApp, options: { ip?: string; password?: string } = {}) {
  const user = await registerUser(t.app, options);
  await t.ctx.db.updateTable('users').set({ verify_state: 1 }).where('phone', '=', user.phone).execute();
  return user;
}

/** Registers a user through the real calls and returns the phone, password and token. */
export async function registerUser(app: FastifyInstance, options: { ip?: string; password?: string } = {}) {
  const phone = newPhone();
  const password = options.password ?? 'secret-pass-1';
  const ip = options.ip ?? `10.0.${phoneSeq % 250}.${(phoneSeq * 7) % 250}`;
  const sent = await call(app, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' }, { ip });
  if (sent.status !== 200) throw new Error(`sendVerifyCode: ${sent.status} ${sent.message}`);
  const code = await latestCode(app, phone);
  const reply = await call<{ token: { access_token: string } }>(
    app,
    'POST',
    'user/register',
    { phone, code, password },
    { ip },
  );
  if (reply.status !== 200) throw new Error(`register: ${reply.status} ${reply.message}`);
  return { phone, password, token: reply.result.token.access_token };
}

/**
 * Moves a phone's stored verification codes into the past, as if `seconds` had gone by: their
 * creation time, and the resend wait (a limiter window) once `seconds` covers it.
 */
export async function ageCodes(ctx: AppContext, phone: string, seconds: number): Promise<void> {
  const rows = await ctx.db
    .selectFrom('verify_codes')
    .select(['id', 'created_at'])
    .where('phone', '=', phone)
    .execute();
  for (const row of rows) {
    const earlier = new Date(Date.parse(row.created_at) - seconds * 1000).toISOString();
    await ctx.db.updateTable('verify_codes').set({ created_at: earlier }).where('id', '=', row.id).execute();
  }
  if (seconds >= VERIFY_CODE_RESEND_S) await ctx.limiter.reset(codeLimitKeys(phone).resend);
}

/**
 * Fires `n` calls at once (the attack shape of DESIGN §8: limits must hold under parallel
 * requests) and returns every outcome in order; a rejected call is returned, not thrown.
 */
export async function inParallel<T>(n: number, fn: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(Array.from({ length: n }, (_, i) => fn(i)));
}

/** The fulfilled values of `inParallel`; throws the first rejection (a crashed call is a test failure). */
export function settledValues<T>(results: PromiseSettledResult<T>[]): T[] {
  return results.map((r) => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  });
}

/**
 * REDIS_URL for a test app that keeps its limits in Redis (TEST_REDIS_URL), or undefined when
 * Redis is absent; under REQUIRE_ALL=1 an absent Redis fails instead.
 */
export function testRedisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url && process.env.REQUIRE_ALL === '1') throw new Error('REQUIRE_ALL=1 but TEST_REDIS_URL is not set');
  return url;
}

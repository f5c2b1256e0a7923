import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Locale } from '@mathbridge/contracts/locales';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callChild, freePort, startChildServer, waitFor, type ChildReply, type ChildServer } from './child-server.ts';
import { newPhone } from './harness.ts';

/**
 * Issue 14 §2: PostgreSQL restarting (an upgrade, a failover, a crash) is survived by reconnecting.
 * One API instance, a real process, runs on a PostgreSQL cluster of this test's own (initdb in a
 * temporary folder, on a port of its own: the shared server other suites use is never restarted).
 * The cluster is stopped and started again under the instance, with idle pooled connections and a
 * query in flight; the instance must stay up (same process), answer clearly while the database is
 * away (readiness 503, liveness 200, calls a localized "briefly unavailable"), and serve the same
 * session, the data written before and new writes once the database is back, without a restart.
 * PostgreSQL project only (vitest.config.ts leaves it out of the SQLite project).
 */
/** Debian's PostgreSQL server binaries, of the newest version installed (15 here; CI's may differ). */
const PG_ROOT = '/usr/lib/postgresql';
const PG_VERSION = (fs.existsSync(PG_ROOT) ? fs.readdirSync(PG_ROOT) : [])
  .filter((version) => fs.existsSync(path.join(PG_ROOT, version, 'bin', 'initdb')))
  .sort((a, b) => Number(b) - Number(a))[0];
const PG_BIN = path.join(PG_ROOT, PG_VERSION ?? '15', 'bin');
const installed = PG_VERSION !== undefined;
if (!installed) {
  if (process.env.REQUIRE_ALL === '1')
    throw new Error(`REQUIRE_ALL=1 but ${PG_ROOT}/*/bin/initdb is missing (apt-get install postgresql)`);
  console.warn(
    `\n*** postgres-restart: ${PG_ROOT}/*/bin/initdb is missing; the PostgreSQL restart suite is SKIPPED (apt-get install postgresql) ***\n`,
  );
}

const run = promisify(execFile);
// PostgreSQL refuses to run as root: as root (this machine, containers) its tools run as `postgres`.
const asRoot = process.getuid?.() === 0;
const pgTool = (tool: string, args: string[]) =>
  asRoot
    ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args])
    : run(path.join(PG_BIN, tool), args);

/** A PostgreSQL cluster of the test's own: trust authentication, 127.0.0.1 and a socket in its folder. */
class PrivateCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get data(): string {
    return path.join(this.dir, 'data');
  }

  static async create(): Promise<PrivateCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-pg-restart-'));
    if (asRoot) await run('chown', ['postgres:postgres', dir]);
    const cluster = new PrivateCluster(dir, await freePort());
    await pgTool('initdb', [
      '-D',
      cluster.data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    await cluster.start();
    return cluster;
  }

  /** Starts the cluster and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`;
    await pgTool('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /**
   * Stops the cluster: `fast` ends every session (a clean shutdown, as for an upgrade or a planned
   * failover); `immediate` kills them without a checkpoint (a crash: recovery runs at the next start).
   */
  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    await pgTool('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /** Starts the cluster unless it runs (`pg_ctl status` exits with 3 when it does not). */
  async ensureRunning(): Promise<void> {
    const running = await pgTool('pg_ctl', ['-D', this.data, 'status']).then(
      () => true,
      () => false,
    );
    if (!running) await this.start();
  }

  async remove(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** A connection of the test's own, for what the API cannot do (hold a row lock, watch sessions). */
  async client(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    // The restart ends this connection too; that is expected, not a failure of the test.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }
}

type Reply<T> = ChildReply<T>;

/** Long enough for any answer of a healthy or failing instance; a call still open after it hangs. */
const CALL_BOUND_MS = 15_000;

/** A call over HTTP as a browser makes it (unsigned, as cluster.test.ts), bounded: a hang fails. */
async function over<T = unknown>(
  server: ChildServer,
  method: 'GET' | 'POST',
  call: string,
  body: Record<string, unknown> = {},
  options: { token?: string; locale?: Locale; boundMs?: number } = {},
): Promise<Reply<T>> {
  return callChild<T>(server, method, call, body, {
    token: options.token,
    locale: options.locale ?? 'zh-CN',
    boundMs: options.boundMs ?? CALL_BOUND_MS,
  }).catch(async (error: unknown) => {
    throw new Error(`${call}: ${String(error)}${await deathNote(server)}`, { cause: error });
  });
}

/** Why a call got no answer, when the instance died: its exit and what it wrote to stderr. */
async function deathNote(server: ChildServer): Promise<string> {
  // The exit is reported a moment after the sockets close.
  const code = await Promise.race([
    server.exited,
    new Promise<'running'>((r) => setTimeout(() => r('running'), 2_000)),
  ]);
  if (code === 'running') return '';
  return `\nthe instance exited (code ${code}, signal ${server.child.signalCode}); its stderr:\n${server.stderr()}`;
}

/** The HTTP status of a probe, bounded like a call. */
const probe = (server: ChildServer, which: 'live' | 'ready') =>
  fetch(`http://127.0.0.1:${server.port}/api/health/${which}`, { signal: AbortSignal.timeout(CALL_BOUND_MS) }).then(
    (r) => r.status,
  );

const UNAVAILABLE: Record<Locale, string> = {
  'zh-CN': '服务暂时不可用，请稍后再试',
  'zh-HK': '服務暫時不可用，請稍後再試',
  'en-US': 'The service is briefly unavailable; please try again shortly',
};

/** Registers a user through the dev outbox, as a developer would, and answers its phone and token. */
async function register(server: ChildServer): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  expect((await over(server, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' })).status).toBe(200);
  const outbox = await over<{ code: string }[]>(server, 'GET', 'dev/outbox', { to: phone });
  const code = outbox.result[0]?.code;
  expect(code).toBeTruthy();
  const registered = await over<{ token: { access_token: string } }>(server, 'POST', 'user/register', {
    phone,
    code,
    password: 'secret-pass-1',
  });
  expect(registered.status).toBe(200);
  return { phone, token: registered.result.token.access_token };
}

describe.runIf(installed)('PostgreSQL restarting under a running instance (issue 14 §2)', () => {
  let cluster: PrivateCluster | undefined;
  let server: ChildServer | undefined;
  let dataDir: string | undefined;
  let pid: number | undefined;

  beforeAll(async () => {
    cluster = await PrivateCluster.create();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-pg-restart-data-'));
    // The child migrates the empty cluster as it starts (buildApp). CACHE_MS=0: every call reaches
    // the database, so what the outage does shows on each one.
    server = await startChildServer(
      { dataDir, ctx: { config: { databaseUrl: cluster.url, databaseSchema: undefined } } },
      { CACHE_MS: '0' },
    );
    pid = server.child.pid;
  }, 120_000);

  // A test that failed during its outage leaves the cluster stopped: the next one starts on a running one.
  afterEach(async () => {
    await cluster?.ensureRunning();
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await cluster?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  /** The instance's process is the one started, and it has not exited (with its stderr if it did). */
  function expectSameProcess(s: ChildServer): void {
    const state = { pid: s.child.pid, exitCode: s.child.exitCode, signal: s.child.signalCode };
    expect(state, `the instance died:\n${s.stderr()}`).toEqual({ pid, exitCode: null, signal: null });
    // Signal 0 checks that the pid is still a running process.
    expect(() => process.kill(pid!, 0)).not.toThrow();
  }

  /**
   * While the database is down: readiness 503 (the balancer stops sending), liveness 200 (nobody
   * restarts a healthy process), and a call answers "briefly unavailable" in each locale, at once.
   */
  async function expectClearOutage(s: ChildServer, token: string): Promise<void> {
    const ready = await fetch(`http://127.0.0.1:${s.port}/api/health/ready`, {
      signal: AbortSignal.timeout(CALL_BOUND_MS),
    });
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 503,
      body: { ready: false, reason: 'database error' },
    });
    expect(await probe(s, 'live')).toBe(200);
    for (const locale of ['zh-CN', 'zh-HK', 'en-US'] as const) {
      const profile = await over(s, 'GET', 'user/profile', {}, { token, locale });
      expect(profile).toEqual({ http: 200, status: 503, message: UNAVAILABLE[locale], result: null });
    }
    const write = await over(s, 'POST', 'user/contactModify', { name: 'Down', phone: newPhone() }, { token });
    expect(write).toMatchObject({ status: 503, message: UNAVAILABLE['zh-CN'] });
    expectSameProcess(s);
  }

  /** After the database is back: the same session, the earlier write, a new write, readiness 200. */
  async function expectRecovered(s: ChildServer, token: string, truename: string): Promise<number> {
    await waitFor(
      'the instance to serve again',
      async () => (await over(s, 'GET', 'user/profile', {}, { token })).status === 200,
      30_000,
    );
    const recoveredAt = Date.now();
    const profile = await over<{ info: { truename: string } }>(s, 'GET', 'user/profile', {}, { token });
    expect(profile.status).toBe(200);
    expect(profile.result.info.truename).toBe(truename);
    const contactPhone = newPhone();
    const added = await over(
      s,
      'POST',
      'user/contactModify',
      { name: 'After restart', phone: contactPhone },
      { token },
    );
    expect(added.status).toBe(200);
    const contacts = await over<{ items: { phone: string }[] }>(s, 'GET', 'user/contactList', {}, { token });
    expect(contacts.result.items.map((c) => c.phone)).toContain(contactPhone);
    expect(await probe(s, 'ready')).toBe(200);
    expectSameProcess(s);
    return recoveredAt;
  }

  it('a fast restart (every session ended) with a write in flight: the write answers 503, the instance stays up and serves again on its own', async () => {
    const s = server!;
    const c = cluster!;
    const user = await register(s);
    const before = await over(s, 'POST', 'user/update_profile', { truename: 'Before Restart' }, { token: user.token });
    expect(before.status).toBe(200);
    expect(await probe(s, 'ready')).toBe(200);

    // A write held in flight: the test holds the user's row, so the instance's UPDATE waits on it,
    // inside the database, when the restart ends every session.
    const locker = await c.client();
    await locker.query('begin');
    await locker.query('select id from users where phone = $1 for update', [user.phone]);
    const inFlight = over(s, 'POST', 'user/update_profile', { truename: 'In Flight' }, { token: user.token });
    inFlight.catch(() => undefined); // awaited below; a failure before then is not also unhandled
    await waitFor('the write to wait on the row lock', async () => {
      const { rows } = await locker.query<{ n: number }>(
        "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      return (rows[0]?.n ?? 0) > 0;
    });

    const stopAt = Date.now();
    await c.stop('fast');
    // The cut-off write is answered, and clearly: it never committed (the session that held it ended).
    expect(await inFlight).toMatchObject({ status: 503, message: UNAVAILABLE['zh-CN'] });
    await locker.end().catch(() => undefined);
    await expectClearOutage(s, user.token);

    await c.start();
    const backAt = Date.now();
    const recoveredAt = await expectRecovered(s, user.token, 'Before Restart');
    console.info(
      `postgres-restart (fast): the client saw the outage for ${recoveredAt - stopAt} ms; ` +
        `the first good answer came ${recoveredAt - backAt} ms after PostgreSQL accepted connections again`,
    );
  }, 120_000);

  it('an immediate stop (a crash; recovery at the next start) with idle connections and reads in flight: the instance survives it too', async () => {
    const s = server!;
    const c = cluster!;
    const user = await register(s);
    expect(
      (await over(s, 'POST', 'user/update_profile', { truename: 'Before Crash' }, { token: user.token })).status,
    ).toBe(200);
    // Fill the pool: concurrent reads leave several idle connections for the crash to cut.
    const reads = await Promise.all(
      Array.from({ length: 12 }, () => over(s, 'GET', 'user/profile', {}, { token: user.token })),
    );
    expect(reads.every((r) => r.status === 200)).toBe(true);

    // Reads keep arriving while the database goes away: each answers 200 or 503, none hangs or fails.
    let keepReading = true;
    const readsDuring = (async () => {
      const statuses = new Set<number>();
      while (keepReading) statuses.add((await over(s, 'GET', 'user/profile', {}, { token: user.token })).status);
      return statuses;
    })();
    readsDuring.catch(() => undefined); // awaited below
    const stopAt = Date.now();
    await c.stop('immediate');
    await expectClearOutage(s, user.token);
    keepReading = false;
    expect([...(await readsDuring)].every((status) => status === 200 || status === 503)).toBe(true);

    await c.start();
    const backAt = Date.now();
    const recoveredAt = await expectRecovered(s, user.token, 'Before Crash');
    console.info(
      `postgres-restart (immediate): the client saw the outage for ${recoveredAt - stopAt} ms; ` +
        `the first good answer came ${recoveredAt - backAt} ms after PostgreSQL (crash recovery) accepted connections again`,
    );
  }, 120_000);
});

import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { ensurePrivateDir, ensurePrivateFile, tightenFile } from '../lib/data-dir.ts';
import * as m0001 from './migrations/0001-accounts.ts';
import * as m0002 from './migrations/0002-identity.ts';
import * as m0003 from './migrations/0003-files.ts';
import * as m0004 from './migrations/0004-cooperation.ts';
import * as m0005 from './migrations/0005-scheduler.ts';
import * as m0006 from './migrations/0006-outbox-expiry.ts';
import * as m0007 from './migrations/0007-item-file-grants.ts';
import * as m0008 from './migrations/0008-sealed-id-numbers.ts';
import * as m0009 from './migrations/0009-one-open-solution.ts';
import * as m0010 from './migrations/0010-jobs.ts';
import * as m0011 from './migrations/0011-research.ts';
import * as m0012 from './migrations/0012-research-pool-indexes.ts';
import * as m0013 from './migrations/0013-content.ts';
import * as m0014 from './migrations/0014-notebooks.ts';
import * as m0015 from './migrations/0015-kernels.ts';
import * as m0016 from './migrations/0016-messaging.ts';
import * as m0017 from './migrations/0017-wechat.ts';
import * as m0018 from './migrations/0018-notifications.ts';
import * as m0019 from './migrations/0019-storage-writes.ts';
import * as m0020 from './migrations/0020-outbox-sealed-codes.ts';
import * as m0021 from './migrations/0021-job-reject-reasons.ts';
import * as m0022 from './migrations/0022-item-paths.ts';
import * as m0023 from './migrations/0023-research-owner-status.ts';
import { WriteObserver } from './short-cache.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

// COUNT(*) and bigint columns come back from PostgreSQL as strings; every value we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** The PostgreSQL pool behind a database handle, for its connection counts (/metrics). */
const pools = new WeakMap<Db, pg.Pool>();

/** Connections of a PostgreSQL database's pool (total, idle, clients waiting); null for SQLite. */
export function poolCounts(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/**
 * How long a query waits for a connection, new or from the pool, before it fails (and its request
 * answers 'briefly unavailable'): twice the web client's own timeout, so only a request nobody
 * waits for any more is given up. Without it, a database host that drops packets (rather than
 * refusing) would hold every request until the kernel's TCP timeout, minutes later.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** How long further lost connections go unlogged after one is logged: a restart ends them all at once. */
const LOST_CONNECTION_QUIET_MS = 10_000;

/** The warnings `openDatabase` logs (the app's logger). */
export interface DbLog {
  warn(details: object, message: string): void;
}

/**
 * The listener for connections PostgreSQL ends by itself (a restart, a failover, an idle-session
 * timeout, `pg_terminate_backend`). pg reports such an end as an 'error' event: on the pool when
 * the connection was idle in it, on the client itself when it was lent out, between two queries
 * or right after a query the end failed. An 'error' event nobody listens to kills the process;
 * heard, it costs only that connection: the pool drops it (an idle one at once, a lent one when
 * it is given back, since it is no longer queryable) and opens a new one for the next query, so
 * the instance reconnects by itself once the database is back. One warning per burst.
 */
function lostConnectionListener(log: DbLog | undefined): (error: Error) => void {
  let quietUntil = 0;
  let unlogged = 0;
  return (error) => {
    const now = Date.now();
    if (now < quietUntil) {
      unlogged += 1;
      return;
    }
    quietUntil = now + LOST_CONNECTION_QUIET_MS;
    log?.warn(
      { err: error, alsoLostSinceLastWarning: unlogged },
      'database connection lost; the next query opens a new one',
    );
    unlogged = 0;
  };
}

/** Connection-level failures among PostgreSQL's SQLSTATEs (the class 08 is matched by prefix). */
const UNREACHABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (fast/immediate) or ended this session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);
/**
 * The socket's own failures to reach or keep a server, from a system call (`syscall` set): an HTTP
 * request its client cut off also says ECONNRESET, but names no system call.
 */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's own errors for a connection that ended, never came, or waited too long (they carry no code). */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/, // 'unexpectedly', 'due to connection timeout'
  /not queryable$/, // a client whose connection failed earlier
  /^timeout exceeded when trying to connect$/, // the pool's CONNECT_TIMEOUT_MS
];

/**
 * Whether an error says the database cannot be reached now (stopped, restarting, failing over,
 * unreachable, out of connection slots), rather than anything about the request: the answer is then
 * 'briefly unavailable' (plugins/call.ts), and readiness already says not-ready (plugins/probes.ts).
 * Looks through `cause` and an AggregateError's `errors` (a host name with several addresses).
 * The socket codes are not the database's alone: another service's lost connection is answered the
 * same way, which is as true of it.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, syscall, message, cause, errors } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNREACHABLE_SQLSTATES.has(code)) return true;
    if (UNREACHABLE_SOCKET_CODES.has(code) && typeof syscall === 'string') return true;
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite.
 * `log` gets the warning when PostgreSQL ends the pool's connections (see lostConnectionListener).
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'> & Partial<Pick<Config, 'cacheMs'>>,
  log?: DbLog,
): Db {
  // Sees every write, for the short caches of db/short-cache.ts (off when cacheMs is 0 or unset).
  const observer = new WriteObserver(config.cacheMs ?? 0);
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // TCP keepalive: a connection whose peer vanished without a word (a partition, a failover
      // that moved the address) errors within a minute or two instead of the kernel's hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    const lost = lostConnectionListener(log);
    pool.on('error', lost);
    // Every new connection, before its first use: a lent connection's 'error' reaches no pool listener.
    pool.on('connect', (client) => client.on('error', lost));
    const db = new Kysely<Database>({ dialect: observer.observe(new PostgresDialect({ pool })), plugins: [observer] });
    pools.set(db, pool);
    return db;
  }
  // 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database file's mode.
  ensurePrivateDir(config.dataDir);
  const file = path.join(config.dataDir, 'mathbridge.db');
  ensurePrivateFile(file);
  for (const suffix of ['-wal', '-shm', '-journal']) tightenFile(file + suffix);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: observer.observe(new SqliteDialect({ database: withStatementCache(sqlite) })),
    plugins: [observer],
  });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh; compiling the SQL costs more than running a
 * small indexed query. Statements are kept by their SQL text (oldest dropped beyond the limit) and
 * reused; one still being iterated (`busy`, a streamed query) is never shared: a fresh one is made.
 * SQLite re-prepares a cached statement by itself when a migration changes the schema.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** Migrations are listed here, not read from disk, so the bundled server carries them. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-identity': m0002,
  '0003-files': m0003,
  '0004-cooperation': m0004,
  '0005-scheduler': m0005,
  '0006-outbox-expiry': m0006,
  '0007-item-file-grants': m0007,
  '0008-sealed-id-numbers': m0008,
  '0009-one-open-solution': m0009,
  '0010-jobs': m0010,
  '0011-research': m0011,
  '0012-research-pool-indexes': m0012,
  '0013-content': m0013,
  '0014-notebooks': m0014,
  '0015-kernels': m0015,
  '0016-messaging': m0016,
  '0017-wechat': m0017,
  '0018-notifications': m0018,
  '0019-storage-writes': m0019,
  '0020-outbox-sealed-codes': m0020,
  '0021-job-reject-reasons': m0021,
  '0022-item-paths': m0022,
  '0023-research-owner-status': m0023,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws (and changes nothing further) if a migration fails. */
export async function migrate(db: Db): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which one: with several
  // schemas in one PostgreSQL database (parallel test runs) it would find another schema's.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

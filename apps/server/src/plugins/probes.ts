import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { StorageState } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once shutdown begins: readiness answers 503 so a load balancer stops sending work. */
    draining: boolean;
  }
}

export type DbHealth = 'ok' | 'error' | 'timeout';

export interface Health extends StorageState {
  db: DbHealth;
}

/**
 * One health check for `GET /api/health` (the envelope of DESIGN §3) and the readiness probe
 * (plain HTTP, issue 14): whether the database answers within `dbTimeoutMs`, and the file
 * storage's state (see Storage.state).
 */
export async function checkHealth(ctx: AppContext, dbTimeoutMs: number): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const [db, storage] = await Promise.all([
    Promise.race([
      sql`select 1`.execute(ctx.db).then(
        (): DbHealth => 'ok',
        (): DbHealth => 'error',
      ),
      new Promise<DbHealth>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), dbTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer)),
    ctx.storage.state(),
  ]);
  return { db, ...storage };
}

/** How long readiness waits for the database before calling it unreachable. */
const READY_DB_TIMEOUT_MS = 2_000;

/**
 * Probes for a load balancer or an orchestrator (issue 14), answered with plain HTTP statuses,
 * which is what those read (not the envelope of DESIGN §3, whose `GET /api/health` stays as it is):
 * - `GET /api/health/live`: the process answers. It touches nothing else, so a database outage
 *   never gets a healthy process restarted.
 * - `GET /api/health/ready`: this instance should get traffic: the database answers within 2 s,
 *   the file storage is writable or merely full, and shutdown has not begun. 503 otherwise, with
 *   the reason.
 */
export function installProbes(app: FastifyInstance, ctx: AppContext): void {
  app.decorate('draining', false);
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/health/live', async (_request, reply) => reply.headers(noStore).send({ live: true }));

  app.get('/api/health/ready', async (_request, reply) => {
    const refuse = (reason: string) => reply.code(503).headers(noStore).send({ ready: false, reason });
    if (app.draining) return refuse('shutting down');
    const { db, storage } = await checkHealth(ctx, READY_DB_TIMEOUT_MS);
    if (db !== 'ok') return refuse(`database ${db}`);
    if (storage === 'error') return refuse('storage error');
    return reply.headers(noStore).send({ ready: true, db, storage });
  });
}

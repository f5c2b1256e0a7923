import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once shutdown begins: readiness answers 503 so a load balancer stops sending work. */
    draining: boolean;
  }
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
    let timer: NodeJS.Timeout | undefined;
    const db = await Promise.race([
      sql`select 1`.execute(ctx.db).then(
        () => 'ok',
        () => 'error',
      ),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), READY_DB_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (db !== 'ok') return refuse(`database ${db}`);
    const storage = await ctx.storage.state();
    if (storage.storage === 'error') return refuse('storage error');
    return reply.headers(noStore).send({ ready: true, db, storage: storage.storage });
  });
}

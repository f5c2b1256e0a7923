import { platformEndpoints as calls } from '@mathbridge/contracts/endpoints/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { atRestKey } from '../../lib/at-rest-key.ts';
import { defineCall } from '../../plugins/call.ts';
import { checkHealth } from '../../plugins/probes.ts';
import { purgeExpiredMessages, recentMessagesTo } from './outbox.service.ts';

export const VERSION = '0.1.0';
/** How long `GET /api/health` waits for the database before it answers an error. */
const HEALTH_DB_TIMEOUT_MS = 5_000;

/** Health, the outbox's purge, and the development outbox (DESIGN §3: 404 in production); contracts' endpoints/platform.ts. */
export function platformRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Every minute: a code's message is readable for at most a minute past the code's expiry.
  ctx.scheduler.registerJob({
    name: 'platform.outbox-purge',
    everyMs: 60_000,
    run: () => purgeExpiredMessages(ctx.db),
  });

  defineCall(app, calls.health, async () => {
    // Where files are written: 'full' (less free than one largest upload), 'ok' or 'error', with the bytes free.
    const health = await checkHealth(ctx, HEALTH_DB_TIMEOUT_MS);
    if (health.db !== 'ok') throw new Error(`database ${health.db}`);
    return { ...health, db: health.db, version: VERSION };
  });

  if (ctx.config.production) return;
  // The texts rendered on read: the stored ones hold no code (outbox-codes.ts).
  defineCall(app, calls.devOutbox, ({ input }) => recentMessagesTo(ctx.db, atRestKey(ctx.config), input.to));
}

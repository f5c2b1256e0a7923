import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MobileSchema } from '@mathbridge/contracts/validation';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import { recentMessagesTo } from './outbox.service.ts';

export const VERSION = '0.1.0';

/** Health, and the development outbox (DESIGN §3: 404 in production). */
export function platformRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'GET',
    path: 'health',
    auth: 'none',
    unsigned: true,
    handler: async () => {
      await sql`select 1`.execute(ctx.db);
      // Where files are written: 'full' (less free than one largest upload), 'ok' or 'error', with the bytes free.
      return { db: 'ok', ...(await ctx.storage.state()), version: VERSION };
    },
  });

  if (ctx.config.production) return;
  defineCall(app, {
    method: 'GET',
    path: 'dev/outbox',
    auth: 'none',
    unsigned: true,
    input: z.object({ to: MobileSchema }),
    handler: async ({ input }) => recentMessagesTo(ctx.db, input.to),
  });
}

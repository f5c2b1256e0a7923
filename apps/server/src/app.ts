import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { GENERAL_MAX_UPLOAD_BYTES } from '@mathbridge/contracts/constants';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrate, openDatabase } from './db/database.ts';
import { DbRateLimiter, RedisRateLimiter } from './lib/rate-limiter.ts';
import { Scheduler } from './lib/scheduler.ts';
import { createStorage } from './lib/storage.ts';
import { installEnvelope } from './plugins/call.ts';
import { installJsonBody } from './plugins/json-body.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { workflowRoutes } from './modules/workflow/workflow.routes.ts';
import { resolveSession } from './modules/user/session.service.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { identityProfile } from './modules/identity/profile.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { demandsRoutes } from './modules/demands/demands.routes.ts';
import { wishesRoutes } from './modules/wishes/wishes.routes.ts';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
// Ant Design writes inline styles (CSS-in-JS); scripts stay same-origin only.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/** Builds the whole application: database (migrated), limiter, storage, every module's calls, the web app. */
export async function buildApp(config: Config): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers["x-mathbridge-token"]', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const db = openDatabase(config);
  await migrate(db);
  const limiter = config.redisUrl ? new RedisRateLimiter(config.redisUrl) : new DbRateLimiter(db);
  const ctx: AppContext = {
    config,
    db,
    limiter,
    storage: createStorage(config.dataDir),
    log: app.log,
    scheduler: new Scheduler(db, app.log),
  };
  // Background jobs start once every module has registered its own and the app is ready, and stop
  // (waiting for a run in progress) before the database closes.
  app.addHook('onReady', async () => ctx.scheduler.start());
  app.addHook('preClose', async () => ctx.scheduler.stop());
  app.addHook('onClose', async () => {
    await ctx.limiter.close();
    await ctx.storage.close?.();
    await db.destroy();
  });
  if (limiter instanceof DbRateLimiter) {
    ctx.scheduler.registerJob({ name: 'rate-limits.sweep', everyMs: 10 * 60_000, run: () => limiter.sweep() });
  }

  installEnvelope(app);
  installJsonBody(app);
  app.decorate('resolveSession', (token: string | undefined) => resolveSession(db, token));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (!request.url.startsWith('/api/')) reply.header('content-security-policy', CSP);
    return payload;
  });
  await app.register(multipart, { limits: { fileSize: GENERAL_MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

  platformRoutes(app, ctx);
  // user/profile shows identity's part; passed in so the user module does not import identity.
  userRoutes(app, ctx, { profileIdentity: identityProfile });
  identityRoutes(app, ctx);
  workflowRoutes(app, ctx);
  auditLogRoutes(app, ctx);
  filesRoutes(app, ctx);
  demandsRoutes(app, ctx);
  wishesRoutes(app, ctx);

  await serveWeb(app, config.webDist);
  return { app, ctx };
}

/** Serves the built SPA; any non-/api path without a file falls back to index.html. */
async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built; serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  const html = fs.readFileSync(index, 'utf8');
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const file = path.join(webDist, decodeURIComponent(request.url.split('?')[0] ?? '/'));
    if (file.startsWith(webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const relative = path.relative(webDist, file);
      // Hashed assets never change; everything else revalidates.
      return reply.sendFile(relative, {
        maxAge: relative.startsWith('assets') ? '365d' : 0,
        immutable: relative.startsWith('assets'),
      });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

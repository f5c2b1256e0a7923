import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { GENERAL_MAX_UPLOAD_BYTES } from '@mathbridge/contracts/constants';
import type { Config, TrustProxy } from './config.ts';
import type { AppContext } from './context.ts';
import { migrate, openDatabase } from './db/database.ts';
import { observerOf } from './db/short-cache.ts';
import { RedisCacheBus } from './lib/cache-bus.ts';
import { DbRateLimiter, RedisRateLimiter } from './lib/rate-limiter.ts';
import { Scheduler } from './lib/scheduler.ts';
import { createStorage } from './lib/storage.ts';
import { ensurePrivateDir } from './lib/data-dir.ts';
import { atRestKey } from './lib/at-rest-key.ts';
import { checkResponses, installEnvelope } from './plugins/call.ts';
import { installApiReference } from './plugins/openapi.ts';
import { installRequestLog, loggerOptions, requestIdOptions } from './plugins/request-log.ts';
import { installMetrics } from './plugins/metrics.ts';
import { installProbes } from './plugins/probes.ts';
import { installJsonBody } from './plugins/json-body.ts';
import { platformRoutes, VERSION } from './modules/platform/platform.routes.ts';
import { JournaledStorage } from './modules/files/storage-journal.ts';
import { DeliveryDispatcher } from './modules/platform/delivery-dispatcher.ts';
import type { Sender, SenderRegistry } from './modules/platform/delivery.ts';
import { createSmsSender } from './modules/platform/sms-senders.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { workflowRoutes } from './modules/workflow/workflow.routes.ts';
import { resolveSession } from './modules/user/session.service.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { identityProfile } from './modules/identity/profile.service.ts';
import { enterpriseWork, instituteDemandWork } from './modules/demands/counts.service.ts';
import { instituteSubjects, specialistWork, studentWork } from './modules/research/dashboard.service.ts';
import { prepareIdNumbers } from './modules/identity/id-numbers.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { demandsRoutes } from './modules/demands/demands.routes.ts';
import { wishesRoutes } from './modules/wishes/wishes.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { researchRoutes } from './modules/research/research.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { notebooksRoutes } from './modules/notebooks/notebooks.routes.ts';
import { contentPageMeta } from './modules/content/page-meta.service.ts';
import { kernelsRoutes } from './modules/kernels/kernels.routes.ts';
import { createWeChatClient, wechatRoutes } from './modules/wechat/wechat.routes.ts';
import { createWeChatSender } from './modules/wechat/wechat.sender.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import type { KernelService } from './modules/kernels/kernels.service.ts';
import { withPageMeta, type PageMetaSource } from './lib/page-meta.ts';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
// Ant Design writes inline styles (CSS-in-JS); scripts stay same-origin only. The service worker
// and the web manifests (issue 30) come from the site itself: named, not left to default-src.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/**
 * Fastify's trust for X-Forwarded-For. A hop count becomes a function: Fastify 5 treats a bare
 * number as 'trust nothing', and `true` would trust every entry, the client's own included. With
 * `hop < n` the socket peer and the next n-1 entries from the right are proxies; the entry after
 * them is the client. Addresses/CIDRs are compiled by Fastify (an invalid one fails the start).
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export interface BuildOptions {
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The sender of WeChat messages when not built from the configuration (tests: a real sender to a local port). */
  wechatSender?: Sender;
}

/** Builds the whole application: database (migrated), limiter, storage, every module's calls, the web app. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; kernels: KernelService }> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // One compact line per request instead (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    ...requestIdOptions,
    bodyLimit: 1024 * 1024,
  });
  // The database, stored files and keys live here: the server's user alone may read them.
  ensurePrivateDir(config.dataDir);
  const db = openDatabase(config, app.log);
  await migrate(db);
  const limiter = config.redisUrl
    ? new RedisRateLimiter(config.redisUrl, `${config.redisPrefix}rl:`, app.log)
    : new DbRateLimiter(db);
  // Several instances: each one's writes drop the short caches of all (lib/cache-bus.ts).
  const observer = observerOf(db);
  const cacheBus =
    config.redisUrl && observer ? new RedisCacheBus(config.redisUrl, config.redisPrefix, observer, app.log) : null;
  if (cacheBus && !(await cacheBus.ready()))
    app.log.warn('cache bus: not subscribed yet; caches of other instances may lag up to CACHE_MS');
  // Code delivery (issue 13 §3): one sender per channel. The WeChat slot stays empty until the
  // official account is configured (WECHAT_*); reset codes then go by SMS.
  const wechatClient = createWeChatClient({ config, log: app.log });
  const wechatSender = options.wechatSender ?? (wechatClient ? createWeChatSender(wechatClient) : undefined);
  const senders: SenderRegistry = {
    sms: createSmsSender(config.sms, config.production, app.log),
    ...(wechatSender ? { wechat: wechatSender } : {}),
  };
  const delivery = new DeliveryDispatcher(db, app.log, senders, !config.production, atRestKey(config));
  const ctx: AppContext = {
    config,
    db,
    limiter,
    // Every object write journaled first, so one nothing names after a kill -9 is found and removed.
    storage: new JournaledStorage(createStorage(config.dataDir), db),
    log: app.log,
    scheduler: new Scheduler(db, app.log),
    delivery,
  };
  // Background jobs start once every module has registered its own and the app is ready, and stop
  // (waiting for a run in progress) before the database closes.
  app.addHook('onReady', async () => ctx.scheduler.start());
  app.addHook('preClose', async () => {
    await ctx.scheduler.stop();
    await delivery.stop();
  });
  // Every 5 s (the first retry's wait), on one instance: messages the nudge after queueing did not
  // send (a failure to retry, an instance that stopped before sending).
  ctx.scheduler.registerJob({ name: 'platform.outbox-dispatch', everyMs: 5_000, run: () => delivery.runOnce() });
  app.addHook('onClose', async () => {
    await cacheBus?.close();
    await ctx.limiter.close();
    await ctx.storage.close?.();
    await db.destroy();
  });
  if (limiter instanceof DbRateLimiter) {
    ctx.scheduler.registerJob({ name: 'rate-limits.sweep', everyMs: 10 * 60_000, run: () => limiter.sweep() });
  }

  // Before any call is served: the ID-number key must open what is stored, clear rows get sealed
  // (ID numbers, and codes an earlier version left in the outbox in clear).
  // A failure stops the start; close what is open (database, limiter) before passing it on.
  await prepareIdNumbers(ctx)
    .then(() => delivery.sealClearCodes())
    .catch(async (error: unknown) => {
      await app.close();
      throw error;
    });

  installEnvelope(app);
  if (config.checkResponses) checkResponses(app);
  installRequestLog(app);
  installProbes(app, ctx);
  // Set once the kernels module is registered below; the gauge reads it when scraped.
  const kernels: { service?: KernelService } = {};
  installMetrics(app, ctx, {
    runningKernels: async () => (kernels.service ? kernels.service.running() : 0),
    outboxPending: () => delivery.pendingByChannel(),
    deliveries: delivery.outcomes,
  });
  installJsonBody(app);
  app.decorate('resolveSession', (token: string | undefined) => resolveSession(db, token));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (!request.url.startsWith('/api/')) reply.header('content-security-policy', CSP);
    return payload;
  });
  // fieldSize: form fields are short (titles, ids); a JSON-typed field is parsed by the plugin with no
  // depth limit, so a large one is cut off unread (issue 25, N1).
  await app.register(multipart, {
    limits: { fileSize: GENERAL_MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 4 * 1024 },
  });

  platformRoutes(app, ctx);
  // user/profile shows identity's part; passed in so the user module does not import identity.
  userRoutes(app, ctx, { profileIdentity: identityProfile });
  // The dashboard's work is counted by the modules that own it; passed in so identity imports none of them.
  identityRoutes(app, ctx, {
    workCounters: {
      enterprise: enterpriseWork,
      instituteDemands: instituteDemandWork,
      instituteSubjects,
      specialist: specialistWork,
      student: studentWork,
    },
  });
  workflowRoutes(app, ctx);
  auditLogRoutes(app, ctx);
  filesRoutes(app, ctx);
  demandsRoutes(app, ctx);
  wishesRoutes(app, ctx);
  jobsRoutes(app, ctx);
  researchRoutes(app, ctx);
  contentRoutes(app, ctx);
  notebooksRoutes(app, ctx);
  wechatRoutes(app, ctx, wechatClient);
  notificationsRoutes(app, ctx);
  const kernelService = kernelsRoutes(app, ctx);
  kernels.service = kernelService;
  // After every module: the reference documents what was registered.
  installApiReference(app, VERSION);

  // Public pages the server can title better than index.html (crawlers, link previews): issue 11.
  await serveWeb(app, config.webDist, (webPath, locale) => contentPageMeta(ctx, webPath, locale));
  return { app, ctx, kernels: kernelService };
}

/**
 * Serves the built SPA (issue 15). The web build writes `x.br` and `x.gz` beside every text file
 * (apps/web/precompress.ts); @fastify/static (`preCompressed`) sends the variant the request's
 * Accept-Encoding picked, with the Content-Type of the original and the Content-Length of the bytes
 * sent, and the plain file when no variant exists or none is acceptable. Every file is sent with
 * `Vary: Accept-Encoding` and its cache policy (webCacheControl).
 * - `/assets/*` are content-hashed: a missing one is a 404, never index.html, so a client still
 *   running the previous deploy gets an error it can recover from rather than HTML as a script.
 * - Any other non-/api path without a file gets index.html (the SPA's routes); where `pageMeta`
 *   names the page (a news article), with its title, description and og: tags, sent as it is.
 */
async function serveWeb(app: FastifyInstance, webDist: string, pageMeta?: PageMetaSource): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built; serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', webCacheControl(path.relative(webDist, file)));
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  // @fastify/static reads Accept-Encoding itself, and turns `*` into gzip even where `gzip;q=0`
  // refused it; hand it the one coding this negotiation chose.
  const send = (request: FastifyRequest, reply: FastifyReply, file: string) => {
    request.headers['accept-encoding'] = negotiateEncoding(request.headers['accept-encoding']) ?? 'identity';
    return reply.sendFile(file);
  };
  app.get('/assets/*', (request, reply) => send(request, reply, `assets/${(request.params as { '*': string })['*']}`));
  // The files outside /assets (favicon, index.html), listed once: a build replaces the folder
  // together with the server, and a lookup per request needs no disk access.
  const rootFiles = new Set(
    fs
      .readdirSync(webDist, { recursive: true, encoding: 'utf8' })
      .map((name) => name.split(path.sep).join('/'))
      .filter((name) => !name.startsWith('assets/') && fs.statSync(path.join(webDist, name)).isFile()),
  );
  const indexHtml = fs.readFileSync(index, 'utf8');
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const wanted = (request.params as { '*': string })['*'];
    if (rootFiles.has(wanted)) return send(request, reply, wanted);
    const meta = pageMeta ? await pageMeta(`/${wanted}`, request.locale) : null;
    if (!meta) return send(request, reply, 'index.html');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', webCacheControl('index.html'))
      .header('vary', 'Accept-Encoding, Accept-Language')
      .send(withPageMeta(indexHtml, meta));
  });
}

/**
 * Root files revalidated on every use: index.html (the answer to every SPA route) names the current
 * assets; the service worker, its registration script and the web manifests (issue 30) name the
 * current deploy too, and an hour-old copy would delay an update or an install by that hour.
 */
const REVALIDATED = /^(index\.html|sw\.js|registerSW\.js|manifest\.[\w-]+\.webmanifest)$/;

/**
 * Hashed assets never change: a year, immutable. The REVALIDATED files are `no-cache` (with their
 * ETag). Other files at the root (favicon, icons, the offline page) keep their names across
 * deploys: an hour.
 */
function webCacheControl(relative: string): string {
  const file = relative.replace(/\.(br|gz)$/, '');
  if (file.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (REVALIDATED.test(file)) return 'no-cache';
  return 'public, max-age=3600';
}

const CODINGS = ['br', 'gzip'] as const;
/**
 * The content coding for an Accept-Encoding header (RFC 9110 §12.5.3): the acceptable coding with
 * the highest q, brotli first on a tie; `*` stands for the codings not named; q=0 refuses. null =
 * send the file as it is (no header, `identity`, or nothing acceptable).
 */
export function negotiateEncoding(header: string | undefined): (typeof CODINGS)[number] | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), weight === undefined ? 1 : Number(weight) || 0);
  }
  let best: (typeof CODINGS)[number] | null = null;
  let bestQ = 0;
  for (const coding of CODINGS) {
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) [best, bestQ] = [coding, weight];
  }
  return best;
}

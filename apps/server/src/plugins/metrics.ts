import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.ts';
import { poolCounts } from '../db/database.ts';

/**
 * GET /metrics in the Prometheus text format (prom-client), for an operator's scraper (issue 14):
 * - the process (CPU, memory, event-loop lag, handles; prom-client's defaults);
 * - requests per call (`call` = the route's pattern, so ids never become labels), method, HTTP
 *   status and, when it differs, the envelope status; and their latency;
 * - PostgreSQL pool connections (total, idle, clients waiting);
 * - background jobs: runs on this instance by outcome, and runs in progress;
 * - live code kernels users hold (`mb_kernels_running`);
 * - the outbox (issue 13/14): messages waiting for delivery by channel (`mb_outbox_pending`), and
 *   deliveries on this instance by sender and outcome (`mb_outbox_deliveries_total`).
 * Each app has its own registry (tests build several in one process). The endpoint exists only when
 * METRICS_TOKEN is set and answers only `Authorization: Bearer <token>` (HTTP 401 otherwise): the
 * figures describe the deployment and stay with its operator.
 */
export function installMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  sources: {
    runningKernels?: () => Promise<number>;
    /** Pending outbox messages by channel. */
    outboxPending?: () => Promise<Record<string, number>>;
    /** Deliveries since start by sender: sent and failed tries. */
    deliveries?: ReadonlyMap<string, { sent: number; failed: number }>;
  } = {},
): void {
  const token = ctx.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mb_' });

  const labelNames = ['call', 'method', 'status', 'envelope'] as const;
  const requests = new Counter({
    name: 'mb_http_requests_total',
    help: 'Requests answered, by call (route pattern), method, HTTP status and envelope status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'mb_http_request_duration_seconds',
    help: 'Time to answer a request, by call (route pattern) and method',
    labelNames: ['call', 'method'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'mb_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on SQLite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const counts = poolCounts(ctx.db);
      if (!counts) return;
      for (const [state, value] of Object.entries(counts)) this.set({ state }, value);
    },
  });
  new Counter({
    name: 'mb_job_runs_total',
    help: 'Background job runs on this instance, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, runs] of ctx.scheduler.runs) {
        this.inc({ job, outcome: 'ok' }, runs.ok);
        this.inc({ job, outcome: 'failed' }, runs.failed);
      }
    },
  });
  new Gauge({
    name: 'mb_jobs_running',
    help: 'Background jobs running on this instance now',
    registers: [registry],
    collect() {
      this.set(ctx.scheduler.active);
    },
  });

  const runningKernels = sources.runningKernels;
  if (runningKernels)
    new Gauge({
      name: 'mb_kernels_running',
      help: 'Live code kernels users hold (one per user; issue 12)',
      registers: [registry],
      async collect() {
        this.set(await runningKernels().catch(() => 0));
      },
    });

  const outboxPending = sources.outboxPending;
  if (outboxPending)
    new Gauge({
      name: 'mb_outbox_pending',
      help: 'Outbox messages waiting for delivery (not sent, not given up, not expired), by channel',
      labelNames: ['channel'] as const,
      registers: [registry],
      async collect() {
        const counts = await outboxPending().catch(() => ({}) as Record<string, number>);
        this.reset();
        for (const channel of ['sms', 'wechat']) this.set({ channel }, counts[channel] ?? 0);
      },
    });
  const deliveries = sources.deliveries;
  if (deliveries)
    new Counter({
      name: 'mb_outbox_deliveries_total',
      help: 'Outbox delivery tries on this instance, by sender and outcome (sent, failed)',
      labelNames: ['sender', 'outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [sender, counts] of deliveries) {
          this.inc({ sender, outcome: 'sent' }, counts.sent);
          this.inc({ sender, outcome: 'failed' }, counts.failed);
        }
      },
    });

  app.addHook('onResponse', async (request, reply) => {
    const call = request.routeOptions.url ?? 'unmatched';
    const envelope = request.envelopeStatus;
    requests.inc({
      call,
      method: request.method,
      status: String(reply.statusCode),
      envelope: envelope === undefined || envelope === reply.statusCode ? '' : String(envelope),
    });
    duration.observe({ call, method: request.method }, reply.elapsedTime / 1000);
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

import { expect, it } from 'vitest';
import { call, describeApi, registerUser, useTestApp } from './harness.ts';

/**
 * Issue 14, operations: liveness and readiness probes that a load balancer reads by HTTP status,
 * and Prometheus metrics behind a token.
 */
const TOKEN = 'metrics-test-token-5f1c';

describeApi('operations: probes and /metrics', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });
  const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url, headers });

  it('liveness and readiness answer 200 while the instance serves; readiness turns 503 once shutdown begins', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ live: true });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, db: 'ok', storage: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');

    t().app.draining = true;
    try {
      const draining = await get('/api/health/ready');
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ ready: false, reason: 'shutting down' });
      // Liveness is about the process only: a draining instance is alive and must not be restarted.
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      t().app.draining = false;
    }
    // The envelope health call of DESIGN §3 is unchanged.
    const health = await call(t().app, 'GET', 'health', {}, { unsigned: true });
    expect(health).toMatchObject({ status: 200, result: { db: 'ok', storage: 'ok' } });
  });

  it('/metrics answers only its bearer token, in the Prometheus format, with requests per call pattern', async () => {
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);

    const { app } = t();
    const user = await registerUser(app);
    for (const id of [101, 102, 103]) await call(app, 'GET', `demand/detail/${id}`, {}, { token: user.token });
    await call(app, 'GET', 'user/profile', {}, { token: user.token });

    const reply = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = reply.body;
    console.info(
      `/metrics sample:\n${text
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('mb_http_requests_total') || line.startsWith('mb_db_pool') || line.startsWith('mb_job'),
        )
        .slice(0, 12)
        .join('\n')}`,
    );
    // Ids are never labels: three details are one series of the route pattern.
    expect(text).toMatch(
      /mb_http_requests_total\{call="\/api\/demand\/detail\/:id",method="GET",status="200",envelope="(304|404)"\} 3/,
    );
    expect(text).toMatch(
      /mb_http_requests_total\{call="\/api\/user\/profile",method="GET",status="200",envelope=""\} 1/,
    );
    expect(text).not.toMatch(/demand\/detail\/10[123]/);
    expect(text).toContain('mb_http_request_duration_seconds_bucket{le="0.005",call="/api/user/profile",method="GET"}');
    expect(text).toContain('mb_process_resident_memory_bytes');
    expect(text).toContain('mb_nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE mb_job_runs_total counter');
    expect(text).toMatch(/mb_jobs_running \d/);
    // The pool's connections on PostgreSQL; SQLite has no pool.
    if (t().ctx.config.databaseUrl) expect(text).toMatch(/mb_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toMatch(/mb_db_pool_connections\{/);
  });
});

describeApi('operations: /metrics without a token configured', () => {
  const t = useTestApp();
  it('does not exist', async () => {
    const reply = await t().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    // The web app's fallback or a plain 404: never the figures.
    expect(reply.body).not.toContain('mb_http_requests_total');
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { approve, newUser, signInAdmin, submitFor } from '../modules/identity/identity.fixtures.ts';
import { call, describeApi, testRedisUrl, useTestApp } from './harness.ts';

/**
 * Issue 14: two API instances over one database keep their short caches on (CACHE_MS) and stay
 * right, because each announces its writes over Redis (lib/cache-bus.ts). A third instance without
 * Redis is the control: it keeps serving what it cached, which shows the caches are really on.
 * CACHE_MS is 10 s here, so nothing the test sees within its 5 s polls comes from an expiry.
 */
const redisUrl = testRedisUrl();
const prefix = `t${randomBytes(4).toString('hex')}:`;
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 5_000, interval: 50 });

describeApi.runIf(redisUrl !== undefined)('cache invalidation between instances over Redis', () => {
  const t = useTestApp({ REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix, CACHE_MS: '10000' });
  let b: FastifyInstance;
  let control: FastifyInstance;
  beforeAll(async () => {
    const config = t().ctx.config;
    b = (await buildApp(config)).app;
    control = (await buildApp(loadConfig({ ...envOf(config), REDIS_URL: '', CACHE_MS: '10000' }))).app;
  });
  afterAll(async () => {
    await b?.close();
    await control?.close();
  });

  const profile = (app: FastifyInstance, token: string) => call(app, 'GET', 'user/profile', {}, { token });

  it('a logout on A ends the session on B at once; B had it cached (the control without Redis still serves it)', async () => {
    const a = t().app;
    const user = await newUser(a);
    // B and the control cache the caller behind the token.
    expect((await profile(b, user.token)).status).toBe(200);
    expect((await profile(control, user.token)).status).toBe(200);
    expect((await call(a, 'POST', 'user/logout', {}, { token: user.token })).status).toBe(200);
    await poll(async () => (await profile(b, user.token)).status).toBe(305);
    expect((await profile(control, user.token)).status).toBe(200);
  });

  it('a second sign-in on B gives the first token 301 on A; a certification approved on A shows on B', async () => {
    const a = t().app;
    const user = await newUser(a);
    expect((await profile(a, user.token)).status).toBe(200);
    const again = await call(b, 'POST', 'user/login', { phone_details: user.phone, password: user.password });
    expect(again.status).toBe(200);
    await poll(async () => (await profile(a, user.token)).status).toBe(301);

    // Approval gives the role and the organisation: both sit in the caches (caller, organisation).
    const admin = await signInAdmin(t());
    const person = await newUser(a);
    const certification = await submitFor(a, person, 'Enterprise');
    const demands = (app: FastifyInstance) => call(app, 'GET', 'demand/list', {}, { token: person.token });
    expect((await demands(b)).status).toBe(304);
    expect((await demands(control)).status).toBe(304);
    await approve(a, admin, certification.id);
    await poll(async () => (await demands(b)).status).toBe(200);
    expect((await demands(control)).status).toBe(304);
  });
});

/** The environment a config was loaded from, for another instance of the same deployment. */
function envOf(config: ReturnType<typeof loadConfig>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: config.dataDir,
    WEB_DIST: config.webDist,
    DATABASE_URL: config.databaseUrl ?? '',
    DATABASE_SCHEMA: config.databaseSchema ?? '',
  };
}

import { STATUS } from '@mathbridge/contracts/api';
import type { WeChatQrStatus } from '@mathbridge/contracts/wechat';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { freePort } from '../../test/child-server.ts';
import {
  call,
  describeApi,
  inParallel,
  registerUser,
  settledValues,
  testRedisUrl,
  type TestApp,
} from '../../test/harness.ts';
import { useWeChatTestApp } from '../../test/wechat-harness.ts';
import { codeInReply, type WeChatSimulator } from '../../test/wechat-simulator.ts';
import { MemoryCallbackNonces } from './callback-nonces.ts';

/**
 * WeChat's callback signature covers token, timestamp and nonce, not the body: a signed query is
 * acted on once within its 5-minute window, however often (or in parallel) it is delivered again,
 * with its own body or another. In this process's memory, or in Redis shared by the instances.
 */
const ACCOUNT = { appId: 'wx-replay', appSecret: 'replay-secret', token: 'replay-token' };

let openidSeq = 0;
const newOpenid = () => `oReplay${process.pid}x${(openidSeq += 1).toString().padStart(5, '0')}`;

/** A signed-in user whose new QR code waits for a scan, and the scene the QR code carries. */
async function waitingScene(t: TestApp, sim: WeChatSimulator) {
  const user = await registerUser(t.app);
  const qr = await call<WeChatQrStatus>(t.app, 'POST', 'wechat/getQRcode', {}, { token: user.token });
  expect(qr.status).toBe(STATUS.ok);
  const scene = sim.tickets.get(sim.latestTicket!)!;
  const { id } = await t.ctx.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', user.phone)
    .executeTakeFirstOrThrow();
  const sceneRow = () =>
    t.ctx.db
      .selectFrom('wechat_scenes')
      .select(['state', 'openid', 'code_hash', 'attempts'])
      .where('scene_str', '=', scene)
      .executeTakeFirstOrThrow();
  return { user, userId: id, scene, sceneRow };
}

/** Events the callback acted on for these followers. */
const eventsOf = async (t: TestApp, openids: string[]) =>
  (await t.ctx.db.selectFrom('wechat_events').select('id').where('from_user', 'in', openids).execute()).length;

const bind = (t: TestApp, token: string, code: string) =>
  call<WeChatQrStatus>(t.app, 'POST', 'wechat/bind', { code }, { token });

const SUCCESS = { status: 200, body: 'success' };

describeApi('a signed WeChat callback is acted on once', () => {
  const { sim, t } = useWeChatTestApp(ACCOUNT);

  it('a replay within its 5 minutes, with its own body or a forged one, changes nothing and sends no second code', async () => {
    const { user, scene, sceneRow } = await waitingScene(t(), sim);
    const openid = newOpenid();
    const query = sim.signedQuery();
    const xml = sim.eventXml({ openid, event: 'SCAN', eventKey: scene });
    const first = await sim.post(xml, { query });
    const code = codeInReply(first.body);
    expect(code).toMatch(/^\d{6}$/);
    const scanned = await sceneRow();
    expect(scanned).toMatchObject({ state: 'scanned', openid });

    // The same delivery again; the captured query with a later event of the same follower; with another follower.
    expect(await sim.post(xml, { query })).toEqual(SUCCESS);
    expect(await sim.post(sim.eventXml({ openid, event: 'SCAN', eventKey: scene }), { query })).toEqual(SUCCESS);
    const intruder = newOpenid();
    const forged = sim.eventXml({ openid: intruder, event: 'subscribe', eventKey: `qrscene_${scene}` });
    expect(await sim.post(forged, { query })).toEqual(SUCCESS);

    expect(await sceneRow()).toEqual(scanned);
    expect(await eventsOf(t(), [openid, intruder])).toBe(1);
    expect((await bind(t(), user.token, code!)).status).toBe(STATUS.ok);
  });

  it('20 parallel deliveries of one signed callback act exactly once', async () => {
    const { user, sceneRow, scene } = await waitingScene(t(), sim);
    const openid = newOpenid();
    const query = sim.signedQuery();
    const xml = sim.eventXml({ openid, event: 'SCAN', eventKey: scene });
    const replies = settledValues(await inParallel(20, () => sim.post(xml, { query })));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const codes = replies.map((r) => codeInReply(r.body)).filter((c) => c !== null);
    expect(codes).toHaveLength(1);
    expect(replies.filter((r) => r.body === 'success')).toHaveLength(19);
    expect(await eventsOf(t(), [openid])).toBe(1);
    expect((await sceneRow()).openid).toBe(openid);
    expect((await bind(t(), user.token, codes[0]!)).status).toBe(STATUS.ok);
  });

  it('20 forged bodies sent at once under one captured signature: one is acted on, the rest change nothing', async () => {
    const { sceneRow, scene } = await waitingScene(t(), sim);
    const query = sim.signedQuery();
    const openids = Array.from({ length: 20 }, () => newOpenid());
    const replies = settledValues(
      await inParallel(20, (i) =>
        sim.post(sim.eventXml({ openid: openids[i]!, event: 'SCAN', eventKey: scene }), { query }),
      ),
    );
    expect(replies.filter((r) => r.body === 'success')).toHaveLength(19);
    expect(replies.map((r) => codeInReply(r.body)).filter((c) => c !== null)).toHaveLength(1);
    expect(await eventsOf(t(), openids)).toBe(1);
    expect(openids).toContain((await sceneRow()).openid);
  });
});

/** Another instance over `t`'s data folder and database, with `env` (REDIS_URL…) and the simulator's account. */
async function anotherInstance(t: TestApp, sim: WeChatSimulator, env: Record<string, string>) {
  const { config } = t.ctx;
  const built = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: config.dataDir,
      WEB_DIST: config.webDist,
      DATABASE_URL: config.databaseUrl ?? '',
      DATABASE_SCHEMA: config.databaseSchema ?? '',
      ...sim.env(),
      ...env,
    }),
  );
  const callbackUrl = `${await built.app.listen({ port: 0, host: '127.0.0.1' })}/api/wechat/callback`;
  return { app: built.app, callbackUrl };
}

describeApi('the callback when its Redis cannot be reached', () => {
  const { sim, t } = useWeChatTestApp(ACCOUNT);
  let down: { app: FastifyInstance; callbackUrl: string } | undefined;
  beforeAll(async () => {
    down = await anotherInstance(t(), sim, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  }, 30_000);
  afterAll(async () => {
    await down?.app.close();
  });

  it('answers 503 and acts on nothing, so WeChat’s retry of the same delivery is acted on later', async () => {
    const { user, scene, sceneRow } = await waitingScene(t(), sim);
    const openid = newOpenid();
    const query = sim.signedQuery();
    const xml = sim.eventXml({ openid, event: 'SCAN', eventKey: scene });
    expect(await sim.post(xml, { query, callbackUrl: down!.callbackUrl })).toEqual({
      status: 503,
      body: 'unavailable',
    });
    expect((await sceneRow()).state).toBe('waiting');
    expect(await eventsOf(t(), [openid])).toBe(0);
    const retry = await sim.post(xml, { query });
    const code = codeInReply(retry.body);
    expect(code).toMatch(/^\d{6}$/);
    expect((await bind(t(), user.token, code!)).status).toBe(STATUS.ok);
  });
});

describe('the in-memory nonce cache (no REDIS_URL)', () => {
  it('forgets a nonce when its window ends and never holds more than its bound', async () => {
    let now = 1_000_000;
    const nonces = new MemoryCallbackNonces(3, () => now);
    expect(await nonces.claim('1000', 'a', now + 1000)).toBe(true);
    expect(await nonces.claim('1000', 'a', now + 1000)).toBe(false);
    expect(await nonces.claim('1000', 'b', now + 2000)).toBe(true);
    expect(await nonces.claim('1001', 'a', now + 2000)).toBe(true);
    // Full of live nonces: refused, rather than forgetting one whose replay would then pass.
    await expect(nonces.claim('1001', 'b', now + 2000)).rejects.toThrow(/full/);
    // The first window ends: its place is free again.
    now += 1500;
    expect(await nonces.claim('1001', 'b', now + 1000)).toBe(true);
    expect(nonces.size).toBe(3);
    now += 5000;
    expect(await nonces.claim('1000', 'a', now + 1000)).toBe(true);
    expect(nonces.size).toBe(1);
  });
});

const redisUrl = testRedisUrl();
const redisSuite = redisUrl ? describeApi : describe.skip;

redisSuite('signed WeChat callbacks are acted on once across instances sharing Redis', () => {
  const { sim, t } = useWeChatTestApp(ACCOUNT, { REDIS_URL: redisUrl ?? '' });
  let two: FastifyInstance;
  let twoCallback = '';
  let redis: Redis;
  beforeAll(async () => {
    // A second instance over the same database, sharing REDIS_URL and REDIS_PREFIX.
    const { config } = t().ctx;
    ({ app: two, callbackUrl: twoCallback } = await anotherInstance(t(), sim, {
      REDIS_URL: config.redisUrl ?? '',
      REDIS_PREFIX: config.redisPrefix,
    }));
    redis = new Redis(redisUrl!);
  }, 30_000);
  afterAll(async () => {
    await two?.close();
    await redis?.quit();
  });

  it('a callback taken by one instance is a replay on the other, and 20 parallel deliveries over both act once', async () => {
    const a = await waitingScene(t(), sim);
    const openid = newOpenid();
    const query = sim.signedQuery();
    const xml = sim.eventXml({ openid, event: 'SCAN', eventKey: a.scene });
    const first = await sim.post(xml, { query });
    expect(codeInReply(first.body)).toMatch(/^\d{6}$/);
    expect(await sim.post(xml, { query, callbackUrl: twoCallback })).toEqual(SUCCESS);
    expect(await eventsOf(t(), [openid])).toBe(1);

    // Kept under the app's REDIS_PREFIX, for the signature's window (plus a margin) and no longer.
    const key = `${t().ctx.config.redisPrefix}wechat:${ACCOUNT.appId}:callback-nonce:${query.get('timestamp')}:${query.get('nonce')}`;
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(250_000);
    expect(ttl).toBeLessThanOrEqual(330_000);

    const b = await waitingScene(t(), sim);
    const openidB = newOpenid();
    const queryB = sim.signedQuery();
    const xmlB = sim.eventXml({ openid: openidB, event: 'SCAN', eventKey: b.scene });
    const replies = settledValues(
      await inParallel(20, (i) => sim.post(xmlB, { query: queryB, callbackUrl: i % 2 ? twoCallback : undefined })),
    );
    const codes = replies.map((r) => codeInReply(r.body)).filter((c) => c !== null);
    expect(codes).toHaveLength(1);
    expect(replies.filter((r) => r.body === 'success')).toHaveLength(19);
    expect(await eventsOf(t(), [openidB])).toBe(1);
    expect((await bind(t(), b.user.token, codes[0]!)).status).toBe(STATUS.ok);
  });
});

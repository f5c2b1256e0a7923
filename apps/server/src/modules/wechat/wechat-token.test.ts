import { randomBytes } from 'node:crypto';
import { STATUS } from '@mathbridge/contracts/api';
import type { WeChatQrStatus } from '@mathbridge/contracts/wechat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  describeApi,
  inParallel,
  registerUser,
  settledValues,
  testRedisUrl,
  useTestApp,
} from '../../test/harness.ts';
import { WeChatSimulator } from '../../test/wechat-simulator.ts';

/**
 * The access token shared over Redis (issue 13 §2): two API instances with one REDIS_URL fetch one
 * token between them, and after WeChat refuses it one instance refreshes it for both.
 */
const redisUrl = testRedisUrl();
const suite = redisUrl ? describeApi : describe.skip;

suite('WeChat access token shared over Redis between instances', () => {
  const sim = new WeChatSimulator({ appId: 'wx-shared', appSecret: 'shared-secret', token: 'tok' });
  const env: Record<string, string> = {
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: `mbtest:${randomBytes(6).toString('hex')}:`,
  };
  beforeAll(async () => {
    await sim.start();
    Object.assign(env, sim.env());
  });
  const one = useTestApp(env);
  const two = useTestApp(env);
  afterAll(() => sim.close());

  it('fetches one token for both instances and refreshes it once', async () => {
    const users = await Promise.all([registerUser(one().app), registerUser(two().app)]);
    const poll = (i: number) =>
      call<WeChatQrStatus>((i % 2 ? two() : one()).app, 'POST', 'wechat/getQRcode', {}, { token: users[i % 2]!.token });
    const first = settledValues(await inParallel(10, poll));
    expect(first.every((r) => r.status === STATUS.ok)).toBe(true);
    expect(sim.tokenFetches).toBe(1);

    sim.expireTokens();
    const fresh = await Promise.all([registerUser(one().app), registerUser(two().app)]);
    const after = await Promise.all([
      call(one().app, 'POST', 'wechat/getQRcode', {}, { token: fresh[0]!.token }),
      call(two().app, 'POST', 'wechat/getQRcode', {}, { token: fresh[1]!.token }),
    ]);
    expect(after.map((r) => r.status)).toEqual([STATUS.ok, STATUS.ok]);
    // Both instances found the token invalid; the second waited for (or read) the first's refresh.
    expect(sim.tokenFetches).toBeLessThanOrEqual(3);
    expect(sim.tokenFetches).toBeGreaterThanOrEqual(2);
  });
});

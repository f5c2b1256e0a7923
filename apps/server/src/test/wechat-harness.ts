import { STATUS } from '@mathbridge/contracts/api';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, useTestApp, type TestApp } from './harness.ts';
import { WeChatSimulator, type WeChatSimulatorOptions } from './wechat-simulator.ts';

/**
 * A test app whose official account is the local WeChat simulator (WECHAT_API_BASE and the
 * credentials from `sim.env()`), listening on a real port so the simulator can call its webhook.
 */
export function useWeChatTestApp(options: WeChatSimulatorOptions, extraEnv: Record<string, string> = {}) {
  const sim = new WeChatSimulator(options);
  // Filled before the harness builds the app (its beforeAll runs after this one).
  const env: Record<string, string> = { ...extraEnv };
  beforeAll(async () => {
    await sim.start();
    Object.assign(env, sim.env());
  });
  const t = useTestApp(env);
  beforeAll(async () => {
    const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
    sim.callbackUrl = `${address}/api/wechat/callback`;
  });
  afterAll(() => sim.close());
  return { sim, t };
}

/** Binds a signed-in user to `openid` through the dialog's calls and a scan the simulator plays. */
async function bindThroughDialog(t: TestApp, sim: WeChatSimulator, token: string, openid: string) {
  expect((await call(t.app, 'POST', 'wechat/getQRcode', {}, { token })).status).toBe(STATUS.ok);
  const scan = await sim.scan({ latest: true, openid });
  expect((await call(t.app, 'POST', 'wechat/bind', { code: scan.code }, { token })).status).toBe(STATUS.ok);
}

let openids = 0;

/** `user` bound to a new openid of this process (`prefix`…) through the dialog's calls and the callback. */
export async function bindNewOpenid<U extends { token: string }>(
  t: TestApp,
  sim: WeChatSimulator,
  user: U,
  prefix: string,
): Promise<U & { openid: string }> {
  const openid = `${prefix}${process.pid}x${(openids += 1)}`;
  await bindThroughDialog(t, sim, user.token, openid);
  return { ...user, openid };
}

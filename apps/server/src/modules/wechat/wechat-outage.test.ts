import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { STATUS } from '@mathbridge/contracts/api';
import type { Locale } from '@mathbridge/contracts/locales';
import type { WeChatQrStatus } from '@mathbridge/contracts/wechat';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../test/child-server.ts';
import { call, describeApi, registerUser, useTestApp, type TestApp } from '../../test/harness.ts';
import { useWeChatTestApp } from '../../test/wechat-harness.ts';
import { WECHAT_TIMEOUT_MS } from './wechat.client.ts';

/**
 * WeChat's API down (connection refused, DNS failure, no answer in time, a gateway saying so) is
 * an outage to wait out: envelope 503 "briefly unavailable" in the caller's language, as when the
 * database restarts, never a 500. An answer with an errcode stays the 500 it was.
 */
const BRIEFLY_UNAVAILABLE: Record<Locale, string> = {
  'zh-CN': '微信服务暂时不可用，请稍后再试',
  'zh-HK': '微信服務暫時不可用，請稍後再試',
  'en-US': 'WeChat is briefly unavailable; please try again shortly',
};
const LOCALES = Object.keys(BRIEFLY_UNAVAILABLE) as Locale[];

const qr = (t: TestApp, token: string, locale: Locale = 'zh-CN') =>
  call<WeChatQrStatus>(t.app, 'POST', 'wechat/getQRcode', {}, { token, locale });

/** getQRcode answers 503 in each locale, and makes no scene. */
async function expectBrieflyUnavailable(t: TestApp) {
  const user = await registerUser(t.app);
  for (const locale of LOCALES) {
    const reply = await qr(t, user.token, locale);
    expect({ status: reply.status, message: reply.message }).toEqual({
      status: STATUS.unavailable,
      message: BRIEFLY_UNAVAILABLE[locale],
    });
  }
  const scenes = await t.ctx.db.selectFrom('wechat_scenes').select('id').execute();
  expect(scenes).toHaveLength(0);
}

describeApi('WeChat stops answering in the middle of a binding', () => {
  const { sim, t } = useWeChatTestApp({
    appId: 'wx-outage',
    appSecret: 'outage-secret',
    token: 'outage-token',
    nicknames: { 'o-outage-nick-01': 'Grace' },
  });

  it('getQRcode answers 503 "briefly unavailable", a bind in progress still completes, and the next poll after WeChat is back works', async () => {
    const binding = await registerUser(t().app);
    expect((await qr(t(), binding.token)).status).toBe(STATUS.ok);
    const scan = await sim.scan({ latest: true, openid: 'o-outage-nick-01' });
    expect(scan.code).toMatch(/^\d{6}$/);

    // WeChat's API goes away (the access token is cached; the QR call itself is refused).
    const port = new URL(sim.url).port;
    await sim.close();
    const waiting = await registerUser(t().app);
    for (const locale of LOCALES) {
      const reply = await qr(t(), waiting.token, locale);
      expect({ status: reply.status, message: reply.message }).toEqual({
        status: STATUS.unavailable,
        message: BRIEFLY_UNAVAILABLE[locale],
      });
    }
    // The code is the product's own: binding needs WeChat only for the nickname, shown masked meanwhile.
    const bound = await call<WeChatQrStatus>(
      t().app,
      'POST',
      'wechat/bind',
      { code: scan.code },
      { token: binding.token },
    );
    expect(bound.status).toBe(STATUS.ok);
    expect(bound.result).toMatchObject({ is_bind: '1', nick_name: 'o-ou…k-01' });

    // Back on the same address: the refused polls cost nothing, the next one makes the QR code.
    await sim.start(Number(port));
    expect((await qr(t(), waiting.token)).status).toBe(STATUS.ok);
  });
});

describeApi('getQRcode answers 503 whenever WeChat’s API cannot be reached', () => {
  // A stand-in for WeChat's address: says nothing (a time-out), or a gateway's 502, or an errcode.
  let mode: 'silent' | 'gateway' | 'errcode' = 'silent';
  const peer = http.createServer((_req, res) => {
    if (mode === 'silent') return;
    if (mode === 'gateway') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>502 Bad Gateway</html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errcode: -1, errmsg: 'system error' }));
  });
  const account = { WECHAT_APP_ID: 'wx-down', WECHAT_APP_SECRET: 'down-secret', WECHAT_TOKEN: 'down-token' };
  // Filled before the apps are built (their beforeAll runs after this one).
  const refusedEnv: Record<string, string> = { ...account };
  const peerEnv: Record<string, string> = { ...account };
  beforeAll(async () => {
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerEnv.WECHAT_API_BASE = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    refusedEnv.WECHAT_API_BASE = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    peer.closeAllConnections();
    await new Promise((resolve) => peer.close(resolve));
  });
  const refused = useTestApp(refusedEnv);
  // .invalid never resolves (RFC 2606).
  const unresolvable = useTestApp({ ...account, WECHAT_API_BASE: 'http://api.weixin.invalid' });
  const behindPeer = useTestApp(peerEnv);

  it('when the connection is refused', async () => {
    await expectBrieflyUnavailable(refused());
  });

  it('when its name does not resolve', async () => {
    await expectBrieflyUnavailable(unresolvable());
  });

  it(
    'when it does not answer in time, or a gateway answers 502; an errcode answer stays 500',
    async () => {
      const user = await registerUser(behindPeer().app);
      mode = 'silent';
      const started = Date.now();
      const silent = await qr(behindPeer(), user.token, 'en-US');
      expect(Date.now() - started).toBeGreaterThanOrEqual(WECHAT_TIMEOUT_MS - 100);
      expect({ status: silent.status, message: silent.message }).toEqual({
        status: STATUS.unavailable,
        message: BRIEFLY_UNAVAILABLE['en-US'],
      });
      mode = 'gateway';
      await expectBrieflyUnavailable(behindPeer());
      mode = 'errcode';
      const refusedByWeChat = await qr(behindPeer(), user.token, 'en-US');
      expect({ status: refusedByWeChat.status, message: refusedByWeChat.message }).toEqual({
        status: STATUS.internal,
        message: 'WeChat did not answer; please try again shortly',
      });
    },
    WECHAT_TIMEOUT_MS + 20_000,
  );
});

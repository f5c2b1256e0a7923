import { STATUS } from '@mathbridge/contracts/api';
import {
  WECHAT_CODE_MAX_ATTEMPTS,
  WECHAT_QR_PER_USER_HOUR,
  type WeChatBinding,
  type WeChatQrStatus,
} from '@mathbridge/contracts/wechat';
import { expect, it } from 'vitest';
import {
  describeApi,
  call,
  inParallel,
  registerUser,
  settledValues,
  useTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { useWeChatTestApp } from '../../test/wechat-harness.ts';
import type { WeChatSimulator } from '../../test/wechat-simulator.ts';

/**
 * WeChat binding over HTTP (issue 13): the product's calls through the harness, WeChat's API as a
 * real local simulator (WECHAT_API_BASE), and WeChat's callback driven by the simulator against
 * the app listening on a real port.
 */
const NICK = 'Ada 微信';

const useWeChatApp = (extraEnv: Record<string, string> = {}) =>
  useWeChatTestApp(
    {
      appId: 'wx-test-app',
      appSecret: 'test-secret',
      token: 'callback-token',
      nicknames: { 'o-with-nick-0001': NICK },
    },
    extraEnv,
  );

const qr = (t: TestApp, token: string) => call<WeChatQrStatus>(t.app, 'POST', 'wechat/getQRcode', {}, { token });
const bind = (t: TestApp, token: string, code: string) =>
  call<WeChatQrStatus>(t.app, 'POST', 'wechat/bind', { code }, { token });
const binding = (t: TestApp, token: string) => call<WeChatBinding>(t.app, 'GET', 'wechat/binding', {}, { token });

let openidSeq = 0;
const newOpenid = () => `oTest${process.pid}x${(openidSeq += 1).toString().padStart(6, '0')}`;

/** A user whose QR code `openid` has scanned; returns the code of the passive reply. */
async function scanned(t: TestApp, sim: WeChatSimulator, openid = newOpenid()) {
  const user = await registerUser(t.app);
  const first = await qr(t, user.token);
  expect(first.status).toBe(STATUS.ok);
  const scan = await sim.scan({ latest: true, openid });
  expect(scan.status).toBe(200);
  expect(scan.code).toMatch(/^\d{6}$/);
  return { user, openid, code: scan.code!, url: first.result.url };
}

const sceneOf = (t: TestApp, userId: number) =>
  t.ctx.db
    .selectFrom('wechat_scenes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const userIdOf = async (t: TestApp, phone: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

describeApi('WeChat binding is unavailable without an official account', () => {
  const t = useTestApp();

  it('answers getQRcode with a clear error in each locale, and the callback refuses everything', async () => {
    const { token } = await registerUser(t().app);
    const messages = new Set<string>();
    for (const locale of ['zh-CN', 'zh-HK', 'en-US'] as const) {
      const reply = await call(t().app, 'POST', 'wechat/getQRcode', {}, { token, locale });
      expect(reply.status).toBe(STATUS.notFound);
      messages.add(reply.message);
    }
    expect(messages.size).toBe(3);
    expect([...messages]).toContain('WeChat binding is not available on this platform yet');
    const binding = await call<WeChatBinding>(t().app, 'GET', 'wechat/binding', {}, { token });
    expect(binding.result.is_bind).toBe('-1');
    const callback = await t().app.inject({ method: 'POST', url: '/api/wechat/callback', payload: '<xml/>' });
    expect(callback.statusCode).toBe(403);
  });
});

describeApi('WeChat binding', () => {
  const { sim, t } = useWeChatApp();

  it('should require authentication', async () => {
    const reply = await call(t().app, 'POST', 'wechat/getQRcode', {});
    expect(reply.status).toBe(STATUS.notLoggedIn);
  });

  it('goes from a QR code to scanned to bound, reusing the live scene on every poll', async () => {
    const user = await registerUser(t().app);
    const creates = () => sim.calls.filter((p) => p === '/cgi-bin/qrcode/create').length;
    const before = creates();
    const first = await qr(t(), user.token);
    expect(first.result).toMatchObject({ is_bind: '-1', is_first: false, nick_name: '' });
    expect(first.result.url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    for (let i = 0; i < 3; i += 1) expect((await qr(t(), user.token)).result.url).toBe(first.result.url);
    expect(creates() - before).toBe(1);

    const notYet = await bind(t(), user.token, '123456');
    expect(notYet.status).toBe(STATUS.conflict);

    const scan = await sim.scan({ latest: true, openid: 'o-with-nick-0001', subscribe: true });
    expect(scan.body).toContain('<MsgType><![CDATA[text]]></MsgType>');
    expect(scan.body).toContain('<ToUserName><![CDATA[o-with-nick-0001]]></ToUserName>');
    expect(scan.code).toMatch(/^\d{6}$/);
    expect((await qr(t(), user.token)).result).toMatchObject({ is_bind: '0', url: first.result.url });

    const short = await bind(t(), user.token, '12');
    expect(short.status).toBe(STATUS.invalid);
    const bound = await bind(t(), user.token, scan.code!);
    expect(bound.status).toBe(STATUS.ok);
    expect(bound.result).toEqual({ url: '', is_bind: '1', is_first: true, nick_name: NICK });
    expect((await qr(t(), user.token)).result).toMatchObject({ is_bind: '1', nick_name: NICK });
    const shown = await binding(t(), user.token);
    expect(shown.result).toMatchObject({ is_bind: '1', nick_name: NICK });
    expect(shown.result.created_at).toMatch(/^\d{4}-/);

    const id = await userIdOf(t(), user.phone);
    const audit = await t().ctx.db.selectFrom('audit_logs').select('action').where('actor_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toContain('wechat.bind');
    // The code is stored hashed only.
    const scene = await sceneOf(t(), id);
    expect(scene.code_hash).not.toContain(scan.code!);
  });

  it('agrees on one QR code when the first polls of a user arrive together', async () => {
    const user = await registerUser(t().app);
    const polls = settledValues(await inParallel(20, () => qr(t(), user.token)));
    expect(polls.every((r) => r.status === STATUS.ok && r.result.is_bind === '-1')).toBe(true);
    expect(new Set(polls.map((r) => r.result.url)).size).toBe(1);
    const id = await userIdOf(t(), user.phone);
    const live = await t()
      .ctx.db.selectFrom('wechat_scenes')
      .select('id')
      .where('user_id', '=', id)
      .where('state', 'in', ['waiting', 'scanned', 'conflict'])
      .execute();
    expect(live).toHaveLength(1);
  });

  it('shows the masked openid where WeChat gives no nickname, and greets only the first binding', async () => {
    const { user, openid, code } = await scanned(t(), sim);
    const bound = await bind(t(), user.token, code);
    expect(bound.result.nick_name).toBe(`${openid.slice(0, 4)}…${openid.slice(-4)}`);
    expect(bound.result.is_first).toBe(true);
    expect((await call(t().app, 'POST', 'wechat/unbind', {}, { token: user.token })).status).toBe(STATUS.ok);
    await qr(t(), user.token);
    const again = await sim.scan({ latest: true, openid });
    const second = await bind(t(), user.token, again.code!);
    expect(second.result).toMatchObject({ is_bind: '1', is_first: false });
  });

  it('makes a new QR code when the scene expired; a scan of the old one changes nothing', async () => {
    const user = await registerUser(t().app);
    const first = await qr(t(), user.token);
    const id = await userIdOf(t(), user.phone);
    const old = await sceneOf(t(), id);
    await t()
      .ctx.db.updateTable('wechat_scenes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const late = await sim.scan({ scene: old.scene_str, openid: newOpenid() });
    expect(late.status).toBe(200);
    expect(late.code).toBeNull();
    expect(late.body).toContain('过期');
    expect((await sceneOf(t(), id)).state).toBe('waiting');
    const second = await qr(t(), user.token);
    expect(second.result.is_bind).toBe('-1');
    expect(second.result.url).not.toBe(first.result.url);
  });

  it('lets a code be guessed at most 5 times, even in a parallel burst', async () => {
    const { user, code } = await scanned(t(), sim);
    const wrong = code === '000000' ? '111111' : '000000';
    const burst = settledValues(await inParallel(30, () => bind(t(), user.token, wrong)));
    expect(burst.every((r) => r.status === STATUS.invalid)).toBe(true);
    const id = await userIdOf(t(), user.phone);
    expect((await sceneOf(t(), id)).attempts).toBe(WECHAT_CODE_MAX_ATTEMPTS);
    // The right code no longer helps; the next poll starts a new QR code.
    expect((await bind(t(), user.token, code)).status).toBe(STATUS.invalid);
    expect((await binding(t(), user.token)).result.is_bind).toBe('-1');
    expect((await qr(t(), user.token)).result.is_bind).toBe('-1');
  });

  it('refuses callbacks with a bad signature or a stale timestamp, and verifies the URL', async () => {
    const xml = sim.eventXml({ openid: newOpenid(), event: 'SCAN', eventKey: 'whatever' });
    expect((await sim.post(xml, { signature: 'a'.repeat(40) })).status).toBe(403);
    expect((await sim.post(xml, { signature: '' })).status).toBe(403);
    expect((await sim.post(xml, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(403);
    const noQuery = await fetch(sim.callbackUrl!, { method: 'POST', body: xml });
    expect(noQuery.status).toBe(403);
    expect(await sim.verify('echo-123')).toEqual({ status: 200, body: 'echo-123' });
    expect((await sim.verify('echo-123', { signature: 'b'.repeat(40) })).status).toBe(403);
    expect((await sim.verify('echo-123', { timestamp: Math.floor(Date.now() / 1000) + 900 })).status).toBe(403);
  });

  it('answers a replayed event with the same reply and changes nothing', async () => {
    const user = await registerUser(t().app);
    await qr(t(), user.token);
    const openid = newOpenid();
    const createTime = Math.floor(Date.now() / 1000);
    const first = await sim.scan({ latest: true, openid, createTime });
    const id = await userIdOf(t(), user.phone);
    const hash = (await sceneOf(t(), id)).code_hash;
    const replays = settledValues(await inParallel(10, () => sim.scan({ latest: true, openid, createTime })));
    expect(replays.every((r) => r.body === first.body && r.code === first.code)).toBe(true);
    expect((await sceneOf(t(), id)).code_hash).toBe(hash);
    expect((await bind(t(), user.token, first.code!)).status).toBe(STATUS.ok);
    // A parallel burst of one new event: one code, every answer the same.
    const user2 = await registerUser(t().app);
    await qr(t(), user2.token);
    const at = createTime + 1;
    const openid3 = newOpenid();
    const same = settledValues(await inParallel(10, () => sim.scan({ latest: true, openid: openid3, createTime: at })));
    expect(new Set(same.map((r) => r.body)).size).toBe(1);
    expect(same[0]!.code).toMatch(/^\d{6}$/);
    expect((await bind(t(), user2.token, same[0]!.code!)).status).toBe(STATUS.ok);
  });

  it('refuses oversized XML, DOCTYPEs and entity bombs without changing anything', async () => {
    const user = await registerUser(t().app);
    await qr(t(), user.token);
    const id = await userIdOf(t(), user.phone);
    const scene = await sceneOf(t(), id);
    const openid = newOpenid();
    const big = sim
      .eventXml({ openid, event: 'SCAN', eventKey: scene.scene_str })
      .replace('</xml>', `<Pad>${'x'.repeat(20_000)}</Pad></xml>`);
    expect((await sim.post(big)).status).toBe(413);
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' +
      sim.eventXml({ openid: '&c;', event: 'SCAN', eventKey: scene.scene_str });
    expect((await sim.post(bomb)).status).toBe(400);
    const entity = sim
      .eventXml({ openid, event: 'SCAN', eventKey: scene.scene_str })
      .replace('<xml>', '<!ENTITY x SYSTEM "file:///etc/passwd"><xml>');
    expect((await sim.post(entity)).status).toBe(400);
    expect((await sim.post('not xml at all')).status).toBe(400);
    expect((await sim.post('<xml><FromUserName><a>1</a></FromUserName><CreateTime>1</CreateTime></xml>')).status).toBe(
      400,
    );
    expect((await sceneOf(t(), id)).state).toBe('waiting');
    // Other messages are acknowledged and ignored.
    const text = `<xml><ToUserName>gh</ToUserName><FromUserName>${openid}</FromUserName><CreateTime>${Date.now()}</CreateTime><MsgType>text</MsgType><Content>hi</Content></xml>`;
    expect(await sim.post(text)).toEqual({ status: 200, body: 'success' });
  });

  it('refuses an openid already bound to someone else, also when two users race for it', async () => {
    const a = await scanned(t(), sim);
    expect((await bind(t(), a.user.token, a.code)).status).toBe(STATUS.ok);
    const b = await registerUser(t().app);
    const bQr = await qr(t(), b.token);
    const scan = await sim.scan({ latest: true, openid: a.openid });
    expect(scan.code).toBeNull();
    expect(scan.body).toContain('已绑定其他');
    const taken = await call(t().app, 'POST', 'wechat/getQRcode', {}, { token: b.token, locale: 'en-US' });
    expect(taken.status).toBe(STATUS.conflict);
    expect(taken.message).toBe('This WeChat account is already bound to another account');
    const fresh = await qr(t(), b.token);
    expect(fresh.result.is_bind).toBe('-1');
    expect(fresh.result.url).not.toBe(bQr.result.url);

    // Two users scanned with one new openid before either bound: one binding wins.
    const openid = newOpenid();
    const c = await scanned(t(), sim, openid);
    const d = await scanned(t(), sim, openid);
    const [rc, rd] = await Promise.all([bind(t(), c.user.token, c.code), bind(t(), d.user.token, d.code)]);
    expect([rc.status, rd.status].sort()).toEqual([STATUS.ok, STATUS.conflict]);
    const rows = await t()
      .ctx.db.selectFrom('wechat_bindings')
      .select('user_id')
      .where('openid', '=', openid)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('unbinds from the account page, and an unsubscribe ends the binding', async () => {
    const a = await scanned(t(), sim);
    await bind(t(), a.user.token, a.code);
    const unbind = await call<WeChatBinding>(t().app, 'POST', 'wechat/unbind', {}, { token: a.user.token });
    expect(unbind.result).toEqual({ is_bind: '-1', nick_name: '', created_at: null });
    expect((await call(t().app, 'POST', 'wechat/unbind', {}, { token: a.user.token })).status).toBe(STATUS.conflict);
    const parallel = settledValues(
      await inParallel(10, () => call(t().app, 'POST', 'wechat/unbind', {}, { token: a.user.token })),
    );
    expect(parallel.every((r) => r.status === STATUS.conflict)).toBe(true);

    const b = await scanned(t(), sim);
    await bind(t(), b.user.token, b.code);
    const left = await sim.unsubscribe(b.openid);
    expect(left).toEqual({ status: 200, body: 'success' });
    expect((await binding(t(), b.user.token)).result.is_bind).toBe('-1');
    const bId = await userIdOf(t(), b.user.phone);
    const audit = await t()
      .ctx.db.selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', String(bId))
      .execute();
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['wechat.bind', 'wechat.unsubscribe']));
  });

  it('caches the access token and refreshes it once when WeChat calls it invalid', async () => {
    const user = await registerUser(t().app);
    await qr(t(), user.token);
    const fetched = sim.tokenFetches;
    expect(fetched).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i += 1) await qr(t(), (await registerUser(t().app)).token);
    expect(sim.tokenFetches).toBe(fetched);
    sim.expireTokens();
    const after = await qr(t(), (await registerUser(t().app)).token);
    expect(after.status).toBe(STATUS.ok);
    expect(sim.tokenFetches).toBe(fetched + 1);
  });

  it('answers a clear error when WeChat fails to make a QR code, and the next poll retries', async () => {
    const user = await registerUser(t().app);
    sim.failQrCreates = 1;
    const failed = await call(t().app, 'POST', 'wechat/getQRcode', {}, { token: user.token, locale: 'en-US' });
    expect(failed.status).toBe(STATUS.internal);
    expect(failed.message).toBe('WeChat did not answer; please try again shortly');
    expect((await qr(t(), user.token)).result.is_bind).toBe('-1');
  });
  it('makes at most WECHAT_QR_PER_USER_HOUR new QR codes a user an hour; a QR WeChat failed to make costs nothing', async () => {
    const user = await registerUser(t().app);
    const userId = await userIdOf(t(), user.phone);
    // Each scene ends at once, so every poll asks WeChat for a new QR code.
    const endScenes = () =>
      t()
        .ctx.db.updateTable('wechat_scenes')
        .set({ expires_at: new Date(0).toISOString() })
        .where('user_id', '=', userId)
        .execute();
    sim.failQrCreates = 1;
    expect((await qr(t(), user.token)).status).toBe(STATUS.internal);
    const statuses: number[] = [];
    for (let i = 0; i < WECHAT_QR_PER_USER_HOUR + 3; i += 1) {
      await endScenes();
      statuses.push((await qr(t(), user.token)).status);
    }
    expect(statuses.filter((s) => s === STATUS.ok)).toHaveLength(WECHAT_QR_PER_USER_HOUR);
    expect(statuses.slice(WECHAT_QR_PER_USER_HOUR)).toEqual([
      STATUS.rateLimited,
      STATUS.rateLimited,
      STATUS.rateLimited,
    ]);
    // Once the budget is spent, a burst of polls makes no QR code either.
    await endScenes();
    const burst = settledValues(await inParallel(20, () => qr(t(), user.token)));
    expect(burst.every((reply) => reply.status === STATUS.rateLimited)).toBe(true);
  });
});

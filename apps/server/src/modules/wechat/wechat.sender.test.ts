import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WeChatConfig } from '../../config.ts';
// The senders' message type lives in platform/delivery.ts (a type only, see wechat.sender.ts).
// eslint-disable-next-line import-x/no-restricted-paths
import type { OutboundMessage } from '../platform/delivery.ts';
import { WeChatSimulator } from '../../test/wechat-simulator.ts';
import { WeChatClient } from './wechat.client.ts';
import { createWeChatSender } from './wechat.sender.ts';

/** The delivery queue's WeChat sender against the simulator (issue 13 §3). */
describe('WeChat sender', () => {
  const sim = new WeChatSimulator({ appId: 'wx-sender', appSecret: 'sender-secret', token: 't' });
  const clients: WeChatClient[] = [];
  beforeAll(() => sim.start());
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sim.close();
  });
  const config = (extra: Partial<WeChatConfig> = {}): WeChatConfig => ({
    appId: 'wx-sender',
    appSecret: 'sender-secret',
    token: 't',
    apiBase: sim.url,
    codeTemplateId: undefined,
    noticeTemplateId: undefined,
    ...extra,
  });
  const client = (extra: Partial<WeChatConfig> = {}) => {
    const made = new WeChatClient(config(extra));
    clients.push(made);
    return made;
  };
  const message = (kind: 'code' | 'notice', code: string | null): OutboundMessage => ({
    id: 1,
    channel: 'wechat',
    kind,
    recipient: 'o-follower-1',
    body: code ? `验证码 ${code}` : '您的需求已通过审核',
    code,
    user_id: 7,
  });

  it('sends a customer text message when no template is configured for the kind', async () => {
    const sender = createWeChatSender(client());
    expect(sender.name).toBe('wechat');
    await sender.send(message('code', '482913'));
    await sender.send(message('notice', null));
    const sent = sim.messages.splice(0);
    expect(sent.map((m) => m.type)).toEqual(['custom', 'custom']);
    expect(sent[0]!.body).toEqual({ touser: 'o-follower-1', msgtype: 'text', text: { content: '验证码 482913' } });
  });

  it('sends a template message where the kind has a template id', async () => {
    const sender = createWeChatSender(client({ codeTemplateId: 'TPL-CODE', noticeTemplateId: 'TPL-NOTICE' }));
    await sender.send(message('code', '551177'));
    await sender.send(message('notice', null));
    const sent = sim.messages.splice(0);
    expect(sent.map((m) => m.type)).toEqual(['template', 'template']);
    expect(sent[0]!.body).toMatchObject({
      touser: 'o-follower-1',
      template_id: 'TPL-CODE',
      data: { code: { value: '551177' } },
    });
    expect(sent[1]!.body).toMatchObject({
      template_id: 'TPL-NOTICE',
      data: { content: { value: '您的需求已通过审核' } },
    });
    const onlyCode = createWeChatSender(client({ codeTemplateId: 'TPL-CODE' }));
    await onlyCode.send(message('notice', null));
    expect(sim.messages.splice(0).map((m) => m.type)).toEqual(['custom']);
  });

  it('refreshes a token WeChat refused, and fails without the code in the error', async () => {
    const sender = createWeChatSender(client());
    await sender.send(message('code', '111222'));
    const fetches = sim.tokenFetches;
    sim.expireTokens();
    await sender.send(message('code', '111223'));
    expect(sim.tokenFetches).toBe(fetches + 1);
    sim.messages.splice(0);

    const broken = createWeChatSender(client({ appSecret: 'wrong-secret' }));
    const error = await broken.send(message('code', '987654')).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/errcode 40125/);
    expect(error?.message).not.toContain('987654');
    const unreachable = createWeChatSender(client({ apiBase: 'http://127.0.0.1:9' }));
    const down = await unreachable.send(message('code', '987654')).catch((e: unknown) => e as Error);
    expect(String(down)).not.toContain('987654');
    expect(sim.messages).toHaveLength(0);
  });
});

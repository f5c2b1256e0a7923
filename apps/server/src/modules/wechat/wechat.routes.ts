import { wechatEndpoints as calls } from '@mathbridge/contracts/endpoints/wechat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import { createCallbackNonces, MemoryCallbackNonces } from './callback-nonces.ts';
import { installCallback } from './wechat.callback.ts';
import { WeChatClient } from './wechat.client.ts';
import * as wechat from './wechat.service.ts';

/**
 * WeChat official-account binding (issue 13): the dialog's getQRcode/bind, the account page's
 * binding/unbind (contracts' endpoints/wechat.ts), and WeChat's callback (outside the envelope:
 * wechat.callback.ts). Returns the API client (null when WECHAT_* is not set), which the WeChat
 * sender of the delivery queue shares (one access token per app).
 */
/** The official account's API client, null unless WECHAT_* is set (app.ts also gives it to delivery). */
export function createWeChatClient(ctx: Pick<AppContext, 'config' | 'log'>): WeChatClient | null {
  const { config } = ctx;
  return config.wechat
    ? new WeChatClient(config.wechat, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, log: ctx.log })
    : null;
}

export function wechatRoutes(app: FastifyInstance, ctx: AppContext, client: WeChatClient | null): void {
  if (client) app.addHook('onClose', () => client.close());
  const deps: wechat.WeChatDeps = { ctx, client };
  ctx.scheduler.registerJob({ name: 'wechat.purge', everyMs: 10 * 60_000, run: () => wechat.purgeWeChat(ctx.db) });

  defineCall(app, calls.getQRcode, ({ caller }) => wechat.qrStatus(deps, caller));
  defineCall(app, calls.bind, ({ caller, input, ip, locale }) =>
    wechat.bindWeChat(deps, caller, input.code, ip, locale),
  );
  defineCall(app, calls.unbind, ({ caller, ip }) => wechat.unbindWeChat(deps, caller, ip));
  defineCall(app, calls.binding, ({ caller }) => wechat.bindingOf(deps, caller));
  // Without an official account the callback refuses everything (no token): no Redis connection for it.
  const { wechat: account, redisUrl, redisPrefix } = ctx.config;
  const nonces = account
    ? createCallbackNonces({ redisUrl, redisPrefix, appId: account.appId }, ctx.log)
    : new MemoryCallbackNonces();
  app.addHook('onClose', () => nonces.close());
  installCallback(app, deps, nonces);
}

import { STATUS } from '../api.ts';
import { endpoint } from '../endpoint.ts';
import { WeChatBindingSchema, WeChatBindSchema, WeChatQrStatusSchema } from '../wechat.ts';

/**
 * WeChat official-account binding (issue 13): the dialog's getQRcode/bind and the account page's
 * binding/unbind, for every signed-in user. Without an official account configured, getQRcode and
 * bind answer 404; WeChat unreachable is 503, WeChat answering an error 500. WeChat's own callback
 * (`wechat/callback`, signed with WeChat's token, answering plain text or XML) is not a call of this
 * table: apps/server/src/modules/wechat/wechat.callback.ts.
 */
export const wechatEndpoints = {
  getQRcode: endpoint({
    method: 'POST',
    path: 'wechat/getQRcode',
    summary: "The caller's binding state: a QR code to scan (made or reused), scanned, or bound",
    auth: 'user',
    output: WeChatQrStatusSchema,
    // 409: the WeChat account that scanned is bound to someone else (said once, then a new QR).
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  bind: endpoint({
    method: 'POST',
    path: 'wechat/bind',
    summary: 'Binds the WeChat account that scanned, with the code the official account sent it',
    auth: 'user',
    input: WeChatBindSchema,
    output: WeChatQrStatusSchema,
    // 409: already bound, not scanned yet, or the WeChat account is taken; a wrong code is a 400 on `code`.
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  unbind: endpoint({
    method: 'POST',
    path: 'wechat/unbind',
    summary: "Unbinds the caller's WeChat account (409 when none is bound)",
    auth: 'user',
    output: WeChatBindingSchema,
    statuses: [STATUS.conflict],
  }),
  binding: endpoint({
    method: 'GET',
    path: 'wechat/binding',
    summary: "The caller's WeChat binding (the account page)",
    auth: 'user',
    output: WeChatBindingSchema,
  }),
} as const;

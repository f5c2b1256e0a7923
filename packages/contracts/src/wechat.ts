import { z } from 'zod';
import { MessagingCodeSchema } from './validation.ts';

/**
 * WeChat official-account binding (issue 13, spec §3, §4, DESIGN §13): the dialog's calls
 * `wechat/getQRcode` and `wechat/bind`, and the account page's `wechat/binding` / `wechat/unbind`.
 */

/** '-1' waiting for a scan, '0' scanned (a code was sent, waiting for it), '1' bound (spec §3). */
export const WECHAT_BIND_STATES = ['-1', '0', '1'] as const;
export type WeChatBindState = (typeof WECHAT_BIND_STATES)[number];

/** Lifetime of a temporary QR scene, and of the code sent on its scan (the QR's expire_seconds). */
export const WECHAT_SCENE_TTL_S = 600;
/** Digits of the code the official account sends on a scan. */
export const WECHAT_CODE_LENGTH = 6;
/** Wrong codes a scene takes before it is dead (a new QR is needed). */
export const WECHAT_CODE_MAX_ATTEMPTS = 5;
/** QR codes (scenes) a user may create per hour. */
export const WECHAT_QR_PER_USER_HOUR = 30;

/** The answer of getQRcode and bind (spec §3 'Messaging-app binding response'). */
export const WeChatQrStatusSchema = z.object({
  /** The QR code's content (draw it locally); '' once bound. */
  url: z.string(),
  is_bind: z.enum(WECHAT_BIND_STATES),
  /** True when this binding is the user's first ever (the dialog greets). */
  is_first: z.boolean(),
  /** The WeChat nickname, or the masked openid; '' until bound. */
  nick_name: z.string(),
});
export type WeChatQrStatus = z.infer<typeof WeChatQrStatusSchema>;

export const WeChatBindSchema = z.object({ code: MessagingCodeSchema });
export type WeChatBind = z.infer<typeof WeChatBindSchema>;

/** The account page's view of the binding (`wechat/binding`, and `wechat/unbind`'s answer). */
export const WeChatBindingSchema = z.object({
  is_bind: z.enum(['-1', '1']),
  /** The WeChat nickname, or the masked openid; '' when not bound. */
  nick_name: z.string(),
  /** When it was bound; null when not bound. */
  created_at: z.string().nullable(),
});
export type WeChatBinding = z.infer<typeof WeChatBindingSchema>;

import type { SendVerifyCode } from '@mathbridge/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

/** DESIGN §3: POST user/sendVerifyCode → how long the code lives and when another may be sent. */
export interface SendVerifyCodeResult {
  ttl_s: number;
  resend_after_s: number;
}

export function sendVerifyCode(input: SendVerifyCode): Promise<SendVerifyCodeResult> {
  return api.post<SendVerifyCodeResult>('user/sendVerifyCode', input);
}

export function useSendVerifyCode() {
  return useAction(sendVerifyCode);
}

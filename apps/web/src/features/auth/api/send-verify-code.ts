import type { SendVerifyCode, VerifyCodeSent } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

/** DESIGN §3: POST user/sendVerifyCode → how long the code lives and when another may be sent. */
export function sendVerifyCode(input: SendVerifyCode): Promise<VerifyCodeSent> {
  return api.call(calls.sendVerifyCode, input);
}

export function useSendVerifyCode() {
  return useAction(sendVerifyCode);
}

import type { ResetPassword } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

/** The /forget screen: POST user/doConfirm with the code sent to the phone. */
export function resetPassword(input: ResetPassword): Promise<null> {
  return api.call(calls.resetPassword, input);
}

export function useResetPassword() {
  return useAction(resetPassword);
}

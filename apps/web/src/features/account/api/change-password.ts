import { useMutation } from '@tanstack/react-query';
import type { ChangePassword } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';

/** Ends every session of the user, this one included (DESIGN §3). */
export function changePassword(input: ChangePassword): Promise<null> {
  return api.call(calls.changePassword, input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { formErrors: true } });
}

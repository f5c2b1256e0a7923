import { useMutation } from '@tanstack/react-query';
import type { ChangePassword } from '@mathbridge/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

/** Ends every session of the user, this one included (DESIGN §3). */
export function changePassword(input: ChangePassword): Promise<null> {
  return api.post<null>('user/change_password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { formErrors: true } });
}

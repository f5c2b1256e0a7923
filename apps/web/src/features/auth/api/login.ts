import type { Login, LoginResult } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

export function login(input: Login): Promise<LoginResult> {
  return api.call(calls.login, input);
}

export function useLogin() {
  return useAction(login);
}

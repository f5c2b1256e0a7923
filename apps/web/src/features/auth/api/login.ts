import type { Login, LoginResult } from '@mathbridge/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

export function login(input: Login): Promise<LoginResult> {
  return api.post<LoginResult>('user/login', input);
}

export function useLogin() {
  return useAction(login);
}

import type { LoginResult, Register } from '@mathbridge/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

export function register(input: Register): Promise<LoginResult> {
  return api.post<LoginResult>('user/register', input);
}

export function useRegister() {
  return useAction(register);
}

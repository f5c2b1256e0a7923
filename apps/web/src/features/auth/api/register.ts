import type { LoginResult, Register } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

export function register(input: Register): Promise<LoginResult> {
  return api.call(calls.register, input);
}

export function useRegister() {
  return useAction(register);
}

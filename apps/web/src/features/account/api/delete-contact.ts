import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKey } from './get-contacts.ts';

export function deleteContact(id: number): Promise<null> {
  return api.call(calls.contactDelete, { id });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}

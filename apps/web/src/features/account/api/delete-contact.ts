import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKey } from './get-contacts.ts';

export function deleteContact(id: number): Promise<unknown> {
  return api.post<unknown>('user/contactDelete', { id });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}

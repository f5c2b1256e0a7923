import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactInput } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKey } from './get-contacts.ts';

/** Adds a contact, or edits one when `id` is given (POST user/contactModify). */
export function saveContact(input: ContactInput): Promise<Contact> {
  return api.call(calls.contactModify, input);
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    meta: { formErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}

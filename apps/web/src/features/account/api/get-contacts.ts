import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactList } from '@mathbridge/contracts/accounts';
import { userEndpoints as calls } from '@mathbridge/contracts/endpoints/user';
import { api } from '../../../lib/api-client.ts';

export const contactsQueryKey = ['user', 'contacts'] as const;

export function getContacts(signal?: AbortSignal): Promise<ContactList> {
  return api.call(calls.contactList, {}, { signal });
}

export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: contactsQueryKey,
    queryFn: ({ signal }) => getContacts(signal),
    select: (data) => data.items,
  });

export function useContacts() {
  return useQuery(contactsQueryOptions());
}

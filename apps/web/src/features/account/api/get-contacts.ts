import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@mathbridge/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

export const contactsQueryKey = ['user', 'contacts'] as const;

export function getContacts(signal?: AbortSignal): Promise<{ items: Contact[] }> {
  return api.get<{ items: Contact[] }>('user/contactList', undefined, { signal });
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

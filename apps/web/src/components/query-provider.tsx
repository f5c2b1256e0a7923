import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';

/**
 * TanStack Query for the part of the app below it. Layouts whose pages read server data mount it
 * (account, workspace, signed-in header); all share one client. Pages that never query — the
 * public portal and sign-in screens — then never download the query library.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

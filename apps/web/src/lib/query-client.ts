import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';
import { registerCacheReset } from './cache-reset.ts';
import { notify } from './notify.ts';

/**
 * The API client already reports every failure except invalid input (400), which forms show on
 * their fields. A query has no fields, so its 400 is reported here; mutations leave it to forms.
 */
function reportUnhandled(error: unknown): void {
  if (isApiError(error) && !error.handled) notify.error(error.message);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportUnhandled }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      // A mutation that shows its own errors (a form) opts out with meta.formErrors.
      if (mutation.meta?.formErrors) return;
      reportUnhandled(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Envelope failures are answers, not glitches; only a lost connection is worth one retry.
      retry: (failureCount, error) =>
        failureCount < 1 && isApiError(error) && (error.kind === 'network' || error.kind === 'timeout'),
    },
    mutations: { retry: false },
  },
});

registerCacheReset(() => queryClient.clear());

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { formErrors?: boolean };
  }
}

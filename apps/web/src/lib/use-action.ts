import { useCallback, useState } from 'react';

/**
 * Pending state for a one-off call of a public screen (sign-in, sign-up, reset). Those screens
 * use this instead of TanStack's useMutation: they cache nothing and invalidate nothing, and it
 * keeps the query library out of the public pages' first load (DESIGN §8 budget).
 */
export function useAction<Input, Output>(run: (input: Input) => Promise<Output>) {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async (input: Input) => {
      setPending(true);
      try {
        return await run(input);
      } finally {
        setPending(false);
      }
    },
    [run],
  );
  return { mutateAsync, isPending };
}

import { useEffect, useState } from 'react';

export interface PublicQuery<T> {
  data: T | undefined;
  /** The shown data belongs to an earlier key while the new one loads. */
  isStale: boolean;
  isError: boolean;
  /** What the failed request threw (an ApiError for API failures), while isError. */
  error: unknown;
  refetch: () => void;
}

/**
 * A small read hook for public pages: the query library is left out of their first load (DESIGN §8
 * budget, as the sign-in screens do). One request per key; the previous answer stays on screen
 * while the next loads; a newer key cancels the older request.
 */
export function usePublicQuery<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): PublicQuery<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ tag: string; data?: T; error?: unknown } | null>(null);
  const tag = `${key}#${attempt}`;
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setResult({ tag, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult((previous) => ({ tag, data: previous?.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure every render; the key says when the request changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tag, enabled]);
  const current = result?.tag === tag;
  return {
    data: result?.data,
    isStale: !current && result !== null,
    isError: current && result.error !== undefined,
    error: current ? result.error : undefined,
    refetch: () => setAttempt((n) => n + 1),
  };
}

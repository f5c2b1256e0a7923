import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * Filters typed into a search form (keyword, amounts) reach the query string — and so the query —
 * once the typing pauses; an empty value removes its key. The address bar itself is compared, so
 * this runs when the typing settles and a 'reset' is not undone while the debounce catches up.
 */
export function useTypedSearchParams(values: Record<string, string>, delayMs?: number): void {
  const [, setParams] = useSearchParams();
  // Compared as text: a new object each render must not restart the debounce.
  const settled = useDebouncedValue(JSON.stringify(values), delayMs);
  useEffect(() => {
    const wanted = Object.entries(JSON.parse(settled) as Record<string, string>);
    const current = new URLSearchParams(window.location.search);
    if (wanted.every(([key, value]) => (current.get(key) ?? '') === value)) return;
    setParams(
      (latest) => {
        const merged = new URLSearchParams(latest);
        for (const [key, value] of wanted) {
          if (value) merged.set(key, value);
          else merged.delete(key);
        }
        return merged;
      },
      { replace: true },
    );
  }, [settled, setParams]);
}

import { useSearchParams } from 'react-router';

/** Search parameters as the listing's state (shareable, kept on reload); empty values are dropped. */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { params, update, page };
}

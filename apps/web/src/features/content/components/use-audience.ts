import { useSearchParams } from 'react-router';
import { MANUAL_AUDIENCES, type ManualAudience } from '@mathbridge/contracts/content';

/** The manual page's audience tab, kept in the URL (`?audience=Student`) so a reload keeps it. */
export function useTypedAudience(): [ManualAudience, (audience: ManualAudience) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('audience');
  const audience = (MANUAL_AUDIENCES as readonly string[]).includes(requested ?? '')
    ? (requested as ManualAudience)
    : 'all';
  const set = (next: ManualAudience) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        if (next === 'all') merged.delete('audience');
        else merged.set('audience', next);
        return merged;
      },
      { replace: true },
    );
  return [audience, set];
}

import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';

export interface ListParamsOptions<S extends string, K extends string> {
  /** The values `?status=` may take; anything else in the URL counts as absent. */
  statuses?: readonly S[];
  /** The status when `?status=` is absent (it is then left out of the URL); none means "all". */
  defaultStatus?: S;
  /** Further query keys the list filters by (`keyword`, `date_from`…), kept as text. */
  filters?: readonly K[];
}

export interface ListParams<S extends string, K extends string> {
  page: number;
  pageSize: number;
  status: S | undefined;
  filters: Partial<Record<K, string>>;
  /** Another status tab; back to page 1. `undefined` is the default (or "all"). */
  setStatus: (status: S | undefined) => void;
  /** New filter values (empty ones are dropped), and the status when given; back to page 1. */
  setFilters: (filters: Partial<Record<K, string | undefined>>, change?: { status: S | undefined }) => void;
  /** What the table's pager reports: a new page, or a new page size (back to page 1). */
  setPage: (page: number, pageSize: number) => void;
}

/**
 * A paged list's state in the query string (`?status=…&page=2&size=50&keyword=…`), so a reload,
 * a shared link or the back button shows the same page. Defaults stay out of the URL, and every
 * change replaces the history entry rather than adding one per click.
 */
export function useListParams<S extends string = never, K extends string = never>(
  options: ListParamsOptions<S, K> = {},
): ListParams<S, K> {
  const { statuses = [], defaultStatus, filters: filterKeys = [] } = options;
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = statuses.includes(requested as S) ? (requested as S) : defaultStatus;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('size')) || DEFAULT_PAGE_SIZE;
  const filters: Partial<Record<K, string>> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }

  const update = (next: Record<string, string | number | undefined>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          const isDefault =
            (key === 'page' && value === 1) ||
            (key === 'size' && value === DEFAULT_PAGE_SIZE) ||
            (key === 'status' && value === defaultStatus);
          if (value === undefined || value === '' || isDefault) merged.delete(key);
          else merged.set(key, String(value));
        }
        return merged;
      },
      { replace: true },
    );

  return {
    page,
    pageSize,
    status,
    filters,
    setStatus: (next) => update({ status: next ?? defaultStatus, page: 1 }),
    setFilters: (next, change) =>
      update({
        ...Object.fromEntries(filterKeys.map((key) => [key, next[key]])),
        ...(change ? { status: change.status ?? defaultStatus } : {}),
        page: 1,
      }),
    setPage: (next, size) => update({ page: size === pageSize ? next : 1, size }),
  };
}

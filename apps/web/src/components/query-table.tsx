import { Empty, Table, Tabs, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error.tsx';
import { Segmented } from './segmented.tsx';

/** What QueryTable reads of a TanStack list query (`useQuery` result over a page). */
export interface PagedQuery<T> {
  data?: { items: T[]; total: number } | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The paging part of `useListParams`. */
export interface PagedParams {
  page: number;
  pageSize: number;
  setPage: (page: number, pageSize: number) => void;
}

export interface QueryTableProps<T> extends Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'pagination' | 'locale' | 'rowKey'
> {
  query: PagedQuery<T>;
  list: PagedParams;
  /** The empty state's text, and what to offer there (e.g. "create the first one"). */
  empty: ReactNode;
  emptyAction?: ReactNode;
  /** "N in total" beside the pager; with it the pager shows even for a single page. */
  showTotal?: (total: number) => ReactNode;
  /** Offer a page-size choice (default); lists with a fixed page size turn it off. */
  showSizeChanger?: boolean;
  rowKey?: TableProps<T>['rowKey'];
}

/**
 * A server-paged list: the error state with a retry (while there is nothing to show), the table
 * with its loading state, the empty state, and the pager bound to the list's URL parameters.
 */
export function QueryTable<T extends object>({
  query,
  list,
  empty,
  emptyAction,
  showTotal,
  showSizeChanger = true,
  rowKey = 'id',
  ...table
}: QueryTableProps<T>) {
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      rowKey={rowKey}
      dataSource={query.data?.items}
      loading={query.isFetching}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty}>
            {emptyAction}
          </Empty>
        ),
      }}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger,
        ...(showTotal ? { showTotal } : { hideOnSinglePage: true }),
        onChange: list.setPage,
      }}
      // Columns keep their width; on a phone the table scrolls inside its own box, not the page.
      scroll={{ x: 'max-content' }}
      {...table}
    />
  );
}

export interface StatusOption<S extends string> {
  value: S;
  label: string;
  /** Shown as 'label (count)' once known. */
  count?: number;
}

export interface StatusTabsProps<S extends string> {
  options: readonly StatusOption<S>[];
  value: S;
  onChange: (value: S) => void;
  /** `tabs` heads a card (the page's main list); `segmented` sits above a table inside one. */
  variant?: 'tabs' | 'segmented';
  /** The filter's accessible name (segmented); 'Filter by status' by default. */
  label?: string;
}

const withCount = (option: StatusOption<string>) =>
  option.count === undefined ? option.label : `${option.label} (${option.count})`;

/** The status filter of a list: one tab per state, with its count when the API gives one. */
export function StatusTabs<S extends string>({
  options,
  value,
  onChange,
  variant = 'tabs',
  label,
}: StatusTabsProps<S>) {
  const { t } = useTranslation();
  if (variant === 'segmented')
    return (
      <Segmented<S>
        label={label ?? t('common.statusFilter')}
        value={value}
        onChange={onChange}
        options={options.map((option) => ({ value: option.value, label: withCount(option) }))}
        style={{ marginBottom: 16 }}
      />
    );
  return (
    <Tabs
      activeKey={value}
      onChange={(key) => onChange(key as S)}
      items={options.map((option) => ({ key: option.value, label: withCount(option) }))}
    />
  );
}

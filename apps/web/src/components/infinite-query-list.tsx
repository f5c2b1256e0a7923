import { Empty, Skeleton } from 'antd';
import { Fragment, type Key, type ReactNode } from 'react';
import { InfiniteListFooter } from './infinite-list-footer.tsx';
import { LoadError } from './load-error.tsx';
import { useInfiniteScroll, type InfiniteList } from './use-infinite-scroll.ts';

/** What InfiniteQueryList reads of a TanStack `useInfiniteQuery` result over keyset pages. */
export interface InfiniteQuery<T> extends InfiniteList {
  data?: { pages: readonly { items: readonly T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface InfiniteQueryListProps<T> {
  query: InfiniteQuery<T>;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** The class of the element holding the items (the feature's card grid). */
  className: string;
  /** The empty state's text. */
  empty: ReactNode;
  /** The feature's own words for the 'load more' button and for the end of the list. */
  loadMoreLabel: string;
  endLabel: string;
}

/**
 * A list that loads page after page as it scrolls (spec §9): a skeleton first, the error state with
 * a retry (while nothing is shown), the empty state, then the items and the footer (spinner,
 * retry, 'load more' for keyboard users, or the end of the list).
 */
export function InfiniteQueryList<T>({
  query,
  itemKey,
  renderItem,
  className,
  empty,
  loadMoreLabel,
  endLabel,
}: InfiniteQueryListProps<T>) {
  useInfiniteScroll(query);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <>
      <div className={className} aria-busy={query.isFetching}>
        {items.map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </div>
      <InfiniteListFooter list={query} loadMoreLabel={loadMoreLabel} endLabel={endLabel} />
    </>
  );
}

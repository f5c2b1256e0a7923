import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InfiniteList } from './use-infinite-scroll.ts';
import './infinite-list-footer.css';

interface InfiniteListFooterProps {
  list: InfiniteList;
  /** The feature's own words for the button and for the end of the list. */
  loadMoreLabel: string;
  endLabel: string;
}

/**
 * Below an infinitely scrolling list: a spinner while the next page loads, a retry after it
 * failed, a button for keyboard users (and lists that cannot scroll), or the end of the list.
 */
export function InfiniteListFooter({ list, loadMoreLabel, endLabel }: InfiniteListFooterProps) {
  const { t } = useTranslation();
  let content;
  if (list.isFetchNextPageError) {
    content = (
      <>
        <span className="mb-muted">{t('common.loadFailed')}</span>
        <Button size="small" onClick={() => void list.fetchNextPage()}>
          {t('common.retry')}
        </Button>
      </>
    );
  } else if (list.hasNextPage && list.isFetching) {
    content = <Spin size="small" />;
  } else if (list.hasNextPage) {
    content = <Button onClick={() => void list.fetchNextPage()}>{loadMoreLabel}</Button>;
  } else {
    content = <span className="mb-muted">{endLabel}</span>;
  }
  return (
    <div className="mb-infinite-footer" aria-live="polite">
      {content}
    </div>
  );
}

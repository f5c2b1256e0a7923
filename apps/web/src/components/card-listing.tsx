import type { ReactNode } from 'react';
import { Pager, type PagerLabels } from './pager.tsx';
import type { PublicQuery } from '../lib/use-public-query.ts';
import { CardSkeletons, type CardClasses } from './card-skeletons.tsx';

export type { CardClasses };

/**
 * A page of cards with its loading, error and empty states and the page numbers below. The grid
 * gets `{classes.grid}-stale` while a newer page loads; choosing a page scrolls back to the top.
 */
export function CardListing<T>({
  list,
  page,
  pageSize,
  onPage,
  empty,
  failed,
  loadingLabel,
  classes,
  pagerLabels,
  renderItem,
}: {
  list: PublicQuery<{ items: T[]; total: number }>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** What to show when the page has nothing. */
  empty: ReactNode;
  /** What to show when the page failed to load (with its retry). */
  failed: ReactNode;
  loadingLabel: string;
  classes: CardClasses;
  pagerLabels: (page: number, pages: number) => PagerLabels;
  renderItem: (item: T) => ReactNode;
}) {
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      {list.isError ? (
        failed
      ) : !list.data ? (
        <CardSkeletons count={Math.min(pageSize, 6)} label={loadingLabel} classes={classes} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className={`${classes.grid}${list.isStale ? ` ${classes.grid}-stale` : ''}`} aria-busy={list.isStale}>
          {items.map(renderItem)}
        </ul>
      )}
      {total > pageSize && (
        <Pager
          page={page}
          pages={pages}
          onChange={(next) => {
            onPage(next);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          labels={pagerLabels(page, pages)}
        />
      )}
    </>
  );
}

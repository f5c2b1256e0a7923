import { useTranslation } from 'react-i18next';
import type { ArticlePage } from '@mathbridge/contracts/content';
import { Pager } from '../../../components/pager.tsx';
import type { PublicQuery } from '../../../lib/use-public-query.ts';
import { ArticleCard, ArticleSkeletons } from './article-card.tsx';
import { LoadFailed } from './load-state.tsx';

/**
 * A page of articles with its loading, error and empty states and the page numbers below. `empty`
 * is what to show when the page has nothing.
 */
export function ArticleListing({
  list,
  page,
  pageSize,
  onPage,
  empty,
}: {
  list: PublicQuery<ArticlePage>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: React.ReactNode;
}) {
  const { t } = useTranslation();
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      {list.isError ? (
        <LoadFailed onRetry={list.refetch} />
      ) : !list.data ? (
        <ArticleSkeletons count={Math.min(pageSize, 6)} label={t('portal.state.loading')} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className={`mb-article-grid${list.isStale ? ' mb-article-grid-stale' : ''}`} aria-busy={list.isStale}>
          {items.map((article) => (
            <ArticleCard key={article.id} article={article} headingLevel={2} />
          ))}
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
          labels={{
            nav: t('portal.news.pageOf', { page, pages }),
            previous: t('portal.news.previous'),
            next: t('portal.news.next'),
            page: (n) => t('portal.news.page', { page: n }),
          }}
        />
      )}
    </>
  );
}

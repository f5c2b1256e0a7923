import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticlePage } from '@mathbridge/contracts/content';
import { CardListing } from '../../../components/card-listing.tsx';
import type { PublicQuery } from '../../../lib/use-public-query.ts';
import { ARTICLE_CARD_CLASSES, ArticleCard } from './article-card.tsx';
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
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CardListing
      list={list}
      page={page}
      pageSize={pageSize}
      onPage={onPage}
      empty={empty}
      failed={<LoadFailed onRetry={list.refetch} />}
      loadingLabel={t('portal.state.loading')}
      classes={ARTICLE_CARD_CLASSES}
      pagerLabels={(current, pages) => ({
        nav: t('portal.news.pageOf', { page: current, pages }),
        previous: t('portal.news.previous'),
        next: t('portal.news.next'),
        page: (n) => t('portal.news.page', { page: n }),
      })}
      renderItem={(article) => <ArticleCard key={article.id} article={article} headingLevel={2} />}
    />
  );
}

import { KeywordSearch } from '../../../components/keyword-search.tsx';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useCategories, useNewsList } from '../api/portal-api.ts';
import { ArticleListing } from '../components/article-listing.tsx';
import { EmptyNote } from '../components/load-state.tsx';
import { PortalHero } from '../components/portal-hero.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import '../components/start-page.css';
import '../components/portal.css';

const PAGE_SIZE = 9;

/**
 * /news: published articles (index/getNewsList) by category (index/categories), searchable, with
 * page numbers. Category, keyword and page live in the URL (?category=&q=&page=).
 */
export default function NewsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageMeta({ description: t('portal.meta.news') });
  const { params, update, page } = useUrlParams();
  const category = params.get('category') ?? '';
  const keyword = params.get('q') ?? '';
  const categories = useCategories();
  const list = useNewsList({
    page,
    page_size: PAGE_SIZE,
    category: category || undefined,
    keyword: keyword || undefined,
  });

  const tabs = [
    { slug: '', name: t('portal.news.all') },
    ...(categories.data ?? []).map((c) => ({ slug: c.slug, name: categoryName(c, locale) })),
  ];

  return (
    <div className="mb-start mb-portal">
      <PortalHero eyebrow={t('portal.news.eyebrow')} title={t('portal.news.title')} lead={t('portal.news.lead')} />
      <section className="mb-section mb-section-tight mb-section-tinted">
        <div className="mb-container">
          <div className="mb-news-toolbar">
            <div className="mb-news-tabs" role="group" aria-label={t('portal.news.categories')}>
              {tabs.map((tab) => (
                <button
                  key={tab.slug || 'all'}
                  type="button"
                  aria-pressed={category === tab.slug}
                  onClick={() => update({ category: tab.slug || null, page: null })}
                >
                  {tab.name}
                </button>
              ))}
            </div>
            <KeywordSearch
              initial={keyword}
              onSearch={(q) => update({ q, page: null })}
              label={t('portal.news.search')}
              className="mb-news-search"
              submit={
                <Button type="primary" htmlType="submit">
                  {t('portal.news.searchButton')}
                </Button>
              }
            />
          </div>
          {list.data && <p className="mb-muted mb-news-total">{t('portal.news.total', { total: list.data.total })}</p>}
          <ArticleListing
            list={list}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(next) => update({ page: next > 1 ? String(next) : null })}
            empty={
              <EmptyNote text={keyword ? t('portal.news.emptySearch', { keyword }) : t('portal.news.empty')}>
                {(keyword || category) && (
                  <Button onClick={() => update({ q: null, category: null, page: null })}>
                    {t('portal.news.clear')}
                  </Button>
                )}
              </EmptyNote>
            }
          />
        </div>
      </section>
    </div>
  );
}

import {
  ArrowLeftOutlined,
  CalendarOutlined,
  ExclamationCircleOutlined,
  EyeOutlined,
  LeftOutlined,
  RightOutlined,
  UserOutlined,
} from '../../../components/inline-icon.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useNewsDetail } from '../api/portal-api.ts';
import { ArticleCard } from '../components/article-card.tsx';
import { LoadFailed } from '../components/load-state.tsx';
import { formatCount } from '../lib/locale-names.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import '../../../components/shimmer.css';
import '../components/start-page.css';
import '../components/portal.css';

const NOT_FOUND = 404;

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Unknown, unpublished or malformed id: a page that says so and leads back to the news. */
function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mb-container mb-news-missing" role="status">
      <h1>{t('portal.detail.notFoundTitle')}</h1>
      <p className="mb-muted">{t('portal.detail.notFoundText')}</p>
      <ButtonLink to="/news" type="primary" icon={<ArrowLeftOutlined />}>
        {t('portal.detail.backToNews')}
      </ButtonLink>
    </div>
  );
}

/**
 * /news/detail/{id}: one article (index/getNewsDetail counts the view): title, category, date,
 * author, views, cover and the Markdown body with KaTeX (the renderer loads with this page only),
 * then previous/next in its category and recommended articles. Title and description of the
 * document are the article's own.
 */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = parseId(useParams().id);
  const detail = useNewsDetail(id);
  const article = detail.isStale ? undefined : detail.data?.article;
  usePageMeta({
    title: article?.title,
    description: article?.summary || article?.title || t('portal.meta.newsDetail'),
  });

  const missing = id === null || (detail.isError && isApiError(detail.error) && detail.error.status === NOT_FOUND);
  if (missing) return <NotFound />;

  return (
    <div className="mb-portal mb-news-detail-page">
      <div className="mb-container mb-news-detail">
        <nav className="mb-news-back" aria-label={t('portal.detail.back')}>
          <Link to="/news">
            <ArrowLeftOutlined aria-hidden /> {t('portal.detail.back')}
          </Link>
          {article && (
            <>
              <span aria-hidden>/</span>
              <Link to={`/news?category=${encodeURIComponent(article.category.slug)}`}>
                {categoryName(article.category, locale)}
              </Link>
            </>
          )}
        </nav>
        {detail.isError ? (
          <LoadFailed onRetry={detail.refetch} />
        ) : !article || !detail.data ? (
          <div aria-busy="true" aria-label={t('portal.state.loading')}>
            <span className="mb-shimmer mb-news-title-shimmer" />
            <span className="mb-shimmer mb-shimmer-line" style={{ width: '40%' }} />
            <span className="mb-shimmer mb-news-cover-shimmer" />
          </div>
        ) : (
          <>
            <article className="mb-news-article" aria-labelledby="mb-news-title">
              {article.status !== 'published' && (
                <p className="mb-news-draft" role="note">
                  <ExclamationCircleOutlined aria-hidden /> {t('portal.detail.draft')}
                </p>
              )}
              <span className="mb-article-category">{categoryName(article.category, locale)}</span>
              <h1 id="mb-news-title">{article.title}</h1>
              <p className="mb-article-meta mb-news-meta">
                {article.publish_at && (
                  <span>
                    <CalendarOutlined aria-hidden />{' '}
                    {t('portal.detail.published', { date: formatDate(article.publish_at, locale) })}
                  </span>
                )}
                {article.author && (
                  <span>
                    <UserOutlined aria-hidden /> {t('portal.detail.author', { author: article.author })}
                  </span>
                )}
                <span data-views={article.views}>
                  <EyeOutlined aria-hidden />{' '}
                  {t('portal.article.views', { count: article.views, views: formatCount(article.views, locale) })}
                </span>
              </p>
              {article.summary && <p className="mb-news-summary">{article.summary}</p>}
              {article.cover_url && <img className="mb-news-cover" src={article.cover_url} alt="" />}
              <div className="mb-news-body">
                <MarkdownView source={article.body} />
              </div>
            </article>
            {(detail.data.previous || detail.data.next) && (
              <nav className="mb-news-neighbours" aria-label={t('portal.detail.back')}>
                {detail.data.previous ? (
                  <Link to={`/news/detail/${detail.data.previous.id}`} className="mb-news-neighbour" rel="prev">
                    <span className="mb-muted">
                      <LeftOutlined aria-hidden /> {t('portal.detail.previous')}
                    </span>
                    <span className="mb-news-neighbour-title">{detail.data.previous.title}</span>
                  </Link>
                ) : (
                  <span />
                )}
                {detail.data.next && (
                  <Link
                    to={`/news/detail/${detail.data.next.id}`}
                    className="mb-news-neighbour mb-news-neighbour-next"
                    rel="next"
                  >
                    <span className="mb-muted">
                      {t('portal.detail.next')} <RightOutlined aria-hidden />
                    </span>
                    <span className="mb-news-neighbour-title">{detail.data.next.title}</span>
                  </Link>
                )}
              </nav>
            )}
          </>
        )}
      </div>
      {article && detail.data && detail.data.recommended.length > 0 && (
        <section className="mb-section mb-section-tight mb-section-tinted" aria-labelledby="mb-news-recommended">
          <div className="mb-container">
            <h2 id="mb-news-recommended" className="mb-portal-h2">
              {t('portal.detail.recommended')}
            </h2>
            <ul className="mb-article-grid">
              {detail.data.recommended.map((item) => (
                <ArticleCard key={item.id} article={item} />
              ))}
            </ul>
          </div>
        </section>
      )}
    </div>
  );
}

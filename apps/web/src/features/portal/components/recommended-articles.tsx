import { ArrowRightOutlined } from '../../../components/inline-icon.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecommendedArticles } from '../api/portal-api.ts';
import { CardSkeletons } from '../../../components/card-skeletons.tsx';
import { ARTICLE_CARD_CLASSES, ArticleCard } from './article-card.tsx';
import { EmptyNote } from './load-state.tsx';

/** RECOMMENDED_ARTICLES of the contract (a value import would bring zod into the page). */
const RECOMMENDED = 6;

/**
 * /start: articles the team recommends (index/getRecomendArticle). A failure hides the section (the
 * page is complete without it); none recommended leaves a gentle note pointing to the news.
 */
export function RecommendedArticles() {
  const { t } = useTranslation();
  const list = useRecommendedArticles(RECOMMENDED);
  if (list.isError && !list.data) return null;
  const items = list.data ?? null;
  return (
    <section className="mb-section" aria-labelledby="mb-recommended-title">
      <div className="mb-container">
        <header className="mb-section-header">
          <h2 id="mb-recommended-title">{t('portal.recommended.title')}</h2>
          <p>{t('portal.recommended.subtitle')}</p>
        </header>
        {!items ? (
          <CardSkeletons count={3} label={t('portal.state.loading')} classes={ARTICLE_CARD_CLASSES} />
        ) : items.length === 0 ? (
          <EmptyNote text={t('portal.recommended.empty')} />
        ) : (
          <ul className="mb-article-grid">
            {items.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </ul>
        )}
        <p className="mb-section-more">
          <Link to="/news">
            {t('portal.recommended.more')} <ArrowRightOutlined aria-hidden />
          </Link>
        </p>
      </div>
    </section>
  );
}

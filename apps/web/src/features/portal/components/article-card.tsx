import { CalendarOutlined, EyeOutlined } from '../../../components/inline-icon.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ArticleSummary } from '@mathbridge/contracts/content';
import { formatDate } from '../../../lib/format.ts';
import { formatCount } from '../lib/locale-names.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import type { CardClasses } from '../../../components/card-skeletons.tsx';

/** An article in a listing: cover, category, title (the link), summary, date and views. */
export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const category = categoryName(article.category, locale);
  return (
    <li className="mb-article-card">
      <div className="mb-article-cover" aria-hidden>
        {article.cover_url ? (
          <img src={article.cover_url} alt="" loading="lazy" />
        ) : (
          <span className="mb-article-cover-blank">{t('portal.article.noCover')}</span>
        )}
      </div>
      <div className="mb-article-body">
        <span className="mb-article-category">{category}</span>
        <Heading className="mb-article-title">
          <Link to={`/news/detail/${article.id}`}>{article.title}</Link>
        </Heading>
        {article.summary && <p className="mb-article-summary">{article.summary}</p>}
        <p className="mb-article-meta">
          {article.publish_at && (
            <span>
              <CalendarOutlined aria-hidden />{' '}
              <time dateTime={article.publish_at}>{formatDate(article.publish_at, locale)}</time>
            </span>
          )}
          <span>
            <EyeOutlined aria-hidden />{' '}
            {t('portal.article.views', { count: article.views, views: formatCount(article.views, locale) })}
          </span>
        </p>
      </div>
    </li>
  );
}

/** The portal's article card classes (portal.css), for the shared listing and skeletons. */
export const ARTICLE_CARD_CLASSES: CardClasses = {
  grid: 'mb-article-grid',
  card: 'mb-article-card',
  cover: 'mb-article-cover',
  body: 'mb-article-body',
};

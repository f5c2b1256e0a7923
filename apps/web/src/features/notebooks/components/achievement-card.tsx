import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotebookSummary } from '@mathbridge/contracts/notebooks';
import { CalendarOutlined, UserOutlined } from '../../../components/inline-icon.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { formatDate } from '../../../lib/format.ts';
import type { CardClasses } from '../../../components/card-skeletons.tsx';

const GLYPHS = ['∑', '∫', '∂', 'π', 'λ', '∇', 'Σ', '∞'];

/** A cover for a notebook without one: a hue and a symbol drawn from its id, so it stays the same. */
export function GeneratedCover({ id }: { id: number }) {
  const hue = (id * 47) % 360;
  return (
    <span
      className="mb-ach-cover-generated"
      style={{ background: `linear-gradient(135deg, hsl(${hue} 62% 32%), hsl(${(hue + 40) % 360} 58% 46%))` }}
    >
      {GLYPHS[id % GLYPHS.length]}
    </span>
  );
}

/** A notebook in a public listing: cover, category, title (the link), description, owner and date. */
export function AchievementCard({ notebook, showOwner = true }: { notebook: NotebookSummary; showOwner?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = notebook.accepted_at ?? notebook.published_at ?? notebook.updated_at;
  return (
    <li className="mb-ach-card" data-testid="achievement-card">
      <div className="mb-ach-cover" aria-hidden>
        {notebook.cover_url ? (
          <img src={notebook.cover_url} alt="" loading="lazy" />
        ) : (
          <GeneratedCover id={notebook.id} />
        )}
      </div>
      <div className="mb-ach-body">
        <span className="mb-ach-category">
          {notebook.category ? categoryName(notebook.category, locale) : t('notebooks.achievement.uncategorised')}
        </span>
        <h2 className="mb-ach-title">
          <Link to={`/achievement/${notebook.id}`}>{notebook.title}</Link>
        </h2>
        {notebook.description && <p className="mb-ach-description">{notebook.description}</p>}
        <p className="mb-ach-meta">
          {showOwner && (
            <Link to={`/achievement/user/${notebook.owner.id}`} className="mb-ach-owner">
              <UserOutlined aria-hidden /> {t('notebooks.achievement.by', { name: notebook.owner.name })}
            </Link>
          )}
          <span>
            <CalendarOutlined aria-hidden /> <time dateTime={date}>{formatDate(date, locale)}</time>
          </span>
          <span>{t('notebooks.achievement.cells', { count: notebook.cells })}</span>
        </p>
      </div>
    </li>
  );
}

/** The achievement area's card classes (achievement.css), for the shared listing and skeletons. */
export const ACHIEVEMENT_CARD_CLASSES: CardClasses = {
  grid: 'mb-ach-grid',
  card: 'mb-ach-card',
  cover: 'mb-ach-cover',
  body: 'mb-ach-body',
};

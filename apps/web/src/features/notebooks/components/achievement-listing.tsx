import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotebookPage } from '@mathbridge/contracts/notebooks';
import { Pager } from '../../../components/pager.tsx';
import type { PublicQuery } from '../../../lib/use-public-query.ts';
import { AchievementCard, AchievementSkeletons } from './achievement-card.tsx';
import './achievement.css';

/** A page of notebooks with its loading, error and empty states and the page numbers below. */
export function AchievementListing({
  list,
  page,
  pageSize,
  onPage,
  empty,
  showOwner = true,
}: {
  list: PublicQuery<NotebookPage>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  showOwner?: boolean;
}) {
  const { t } = useTranslation();
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      {list.isError ? (
        <div className="mb-ach-state" role="alert">
          <p>{t('notebooks.achievement.loadFailed')}</p>
          <button type="button" className="mb-ach-button" onClick={list.refetch}>
            {t('notebooks.achievement.retry')}
          </button>
        </div>
      ) : !list.data ? (
        <AchievementSkeletons count={Math.min(pageSize, 6)} label={t('notebooks.achievement.loading')} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className={`mb-ach-grid${list.isStale ? ' mb-ach-grid-stale' : ''}`} aria-busy={list.isStale}>
          {items.map((notebook) => (
            <AchievementCard key={notebook.id} notebook={notebook} showOwner={showOwner} />
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
            nav: t('notebooks.achievement.pageOf', { page, pages }),
            previous: t('notebooks.achievement.previous'),
            next: t('notebooks.achievement.next'),
            page: (n) => t('notebooks.achievement.page', { page: n }),
          }}
        />
      )}
    </>
  );
}

/** An empty list's note, with an optional action. */
export function AchievementEmpty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="mb-ach-state">
      <p>{text}</p>
      {children}
    </div>
  );
}

/** The dark band that opens the achievement pages: eyebrow, the page's h1, a lead and actions. */
export function AchievementHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="mb-ach-hero" aria-labelledby="mb-ach-title">
      <div className="mb-container">
        <span className="mb-ach-eyebrow">{eyebrow}</span>
        <h1 id="mb-ach-title">{title}</h1>
        <p className="mb-ach-lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

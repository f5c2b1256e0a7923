import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotebookPage } from '@mathbridge/contracts/notebooks';
import { CardListing } from '../../../components/card-listing.tsx';
import { PageHero } from '../../../components/page-hero.tsx';
import type { PublicQuery } from '../../../lib/use-public-query.ts';
import { ACHIEVEMENT_CARD_CLASSES, AchievementCard } from './achievement-card.tsx';
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
  return (
    <CardListing
      list={list}
      page={page}
      pageSize={pageSize}
      onPage={onPage}
      empty={empty}
      failed={
        <div className="mb-ach-state" role="alert">
          <p>{t('notebooks.achievement.loadFailed')}</p>
          <button type="button" className="mb-ach-button" onClick={list.refetch}>
            {t('notebooks.achievement.retry')}
          </button>
        </div>
      }
      loadingLabel={t('notebooks.achievement.loading')}
      classes={ACHIEVEMENT_CARD_CLASSES}
      pagerLabels={(current, pages) => ({
        nav: t('notebooks.achievement.pageOf', { page: current, pages }),
        previous: t('notebooks.achievement.previous'),
        next: t('notebooks.achievement.next'),
        page: (n) => t('notebooks.achievement.page', { page: n }),
      })}
      renderItem={(notebook) => <AchievementCard key={notebook.id} notebook={notebook} showOwner={showOwner} />}
    />
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

const HERO_CLASSES = {
  section: 'mb-ach-hero',
  inner: 'mb-container',
  eyebrow: 'mb-ach-eyebrow',
  lead: 'mb-ach-lead',
};

/** The dark band that opens the achievement pages: eyebrow, the page's h1, a lead and actions. */
export function AchievementHero(props: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return <PageHero {...props} titleId="mb-ach-title" classes={HERO_CLASSES} />;
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ArrowLeftOutlined, CodeOutlined } from '../../../components/inline-icon.tsx';
import { KeywordSearch } from '../../../components/keyword-search.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { useAchievements, useNotebookCategories, useUserNotebooks } from '../api/achievements.ts';
import { AchievementEmpty, AchievementHero, AchievementListing } from '../components/achievement-listing.tsx';

const PAGE_SIZE = 9;

/** One accepted notebook, read-only; its renderer loads only when a notebook is opened. */
const AchievementDetail = lazy(() => import('./achievement-detail.tsx'));

/**
 * /achievement/* (public, white-listed): the route's splat says which page — the list of accepted
 * notebooks, one of them (/achievement/{id}) or a user's public page (/achievement/user/{id});
 * anything else is the not-found page.
 */
export default function AchievementPage() {
  const splat = (useParams()['*'] ?? '').replace(/\/+$/, '');
  if (splat === '') return <AchievementList />;
  const detail = /^([1-9]\d{0,15})$/.exec(splat);
  if (detail)
    return (
      <Suspense fallback={<PageLoader />}>
        <AchievementDetail id={Number(detail[1])} />
      </Suspense>
    );
  const user = /^user\/([1-9]\d{0,15})$/.exec(splat);
  if (user) return <UserNotebooks userId={Number(user[1])} />;
  return <Navigate to="/404" replace />;
}

/**
 * /achievement: accepted notebooks (notebook/achievements) by category (category/list, with counts),
 * searchable, with page numbers; category, keyword and page live in the URL (?category=&q=&page=).
 */
function AchievementList() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageMeta({ description: t('notebooks.achievement.meta.list') });
  const { params, update, page } = useUrlParams();
  const category = params.get('category') ?? '';
  const categoryId = /^[1-9]\d*$/.test(category) ? Number(category) : undefined;
  const keyword = params.get('q') ?? '';
  const categories = useNotebookCategories();
  const list = useAchievements({
    page,
    page_size: PAGE_SIZE,
    category_id: categoryId,
    keyword: keyword || undefined,
  });
  const tabs = [
    { id: '', name: t('notebooks.achievement.all'), count: null as number | null },
    ...(categories.data ?? []).map((c) => ({
      id: String(c.id),
      name: categoryName(c, locale),
      count: c.notebook_count,
    })),
  ];

  return (
    <div className="mb-ach">
      <AchievementHero
        eyebrow={t('notebooks.achievement.eyebrow')}
        title={t('notebooks.achievement.title')}
        lead={t('notebooks.achievement.lead')}
      >
        <div className="mb-ach-hero-actions">
          <Link to="/tryit" className="mb-ach-hero-link">
            <CodeOutlined aria-hidden /> {t('notebooks.achievement.tryit')}
          </Link>
        </div>
      </AchievementHero>
      <section className="mb-ach-section">
        <div className="mb-container">
          <div className="mb-ach-toolbar">
            {/* With no categories (or while they load) a lone "All" tab says nothing: the search stands alone. */}
            {tabs.length > 1 ? (
              <div className="mb-ach-tabs" role="group" aria-label={t('notebooks.achievement.categories')}>
                {tabs.map((tab) => (
                  <button
                    key={tab.id || 'all'}
                    type="button"
                    aria-pressed={(categoryId === undefined ? '' : String(categoryId)) === tab.id}
                    onClick={() => update({ category: tab.id || null, page: null })}
                  >
                    {tab.name}
                    {tab.count !== null && <span className="mb-ach-tab-count">{tab.count}</span>}
                  </button>
                ))}
              </div>
            ) : (
              <span />
            )}
            <KeywordSearch
              initial={keyword}
              onSearch={(q) => update({ q, page: null })}
              label={t('notebooks.achievement.search')}
              className="mb-ach-search"
              submit={
                <button type="submit" className="mb-ach-button mb-ach-button-primary">
                  {t('notebooks.achievement.searchButton')}
                </button>
              }
            />
          </div>
          {list.data && (
            <p className="mb-ach-total" aria-live="polite">
              {t('notebooks.achievement.total', { count: list.data.total })}
            </p>
          )}
          <AchievementListing
            list={list}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(next) => update({ page: next > 1 ? String(next) : null })}
            empty={
              <AchievementEmpty
                text={keyword ? t('notebooks.achievement.emptySearch', { keyword }) : t('notebooks.achievement.empty')}
              >
                {(keyword || categoryId !== undefined) && (
                  <button
                    type="button"
                    className="mb-ach-button"
                    onClick={() => update({ q: null, category: null, page: null })}
                  >
                    {t('notebooks.achievement.clear')}
                  </button>
                )}
              </AchievementEmpty>
            }
          />
        </div>
      </section>
    </div>
  );
}

/**
 * /achievement/user/{id}: one user's public page (notebook/userNotebooks) — published notebooks for
 * signed-in readers, accepted ones for visitors (the server decides); the page follows ?page=.
 */
function UserNotebooks({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { update, page } = useUrlParams();
  const list = useUserNotebooks({ user_id: userId, page, page_size: PAGE_SIZE });
  // The owner's name comes with each of their notebooks; with none to show, the page stays generic.
  const name = list.data?.items[0]?.owner.name;
  const title = name ? t('notebooks.achievement.user.title', { name }) : t('notebooks.achievement.user.titleUnknown');
  usePageMeta({
    title,
    description: name ? t('notebooks.achievement.meta.user', { name }) : t('notebooks.achievement.user.lead'),
  });
  return (
    <div className="mb-ach">
      <AchievementHero
        eyebrow={t('notebooks.achievement.user.eyebrow')}
        title={title}
        lead={t('notebooks.achievement.user.lead')}
      >
        <div className="mb-ach-hero-actions">
          <Link to="/achievement" className="mb-ach-hero-link">
            <ArrowLeftOutlined aria-hidden /> {t('notebooks.achievement.user.back')}
          </Link>
        </div>
      </AchievementHero>
      <section className="mb-ach-section">
        <div className="mb-container">
          {list.data && (
            <p className="mb-ach-total" aria-live="polite">
              {t('notebooks.achievement.total', { count: list.data.total })}
            </p>
          )}
          <AchievementListing
            list={list}
            page={page}
            pageSize={PAGE_SIZE}
            showOwner={false}
            onPage={(next) => update({ page: next > 1 ? String(next) : null })}
            empty={<AchievementEmpty text={t('notebooks.achievement.user.empty')} />}
          />
        </div>
      </section>
    </div>
  );
}

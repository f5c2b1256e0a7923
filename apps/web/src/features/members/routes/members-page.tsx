import { SearchOutlined } from '../../../components/inline-icon.tsx';
import { Button } from 'antd';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganisationType } from '@mathbridge/contracts/org';
import { useOrganisations } from '../api/get-organisations.ts';
import { OrganisationCard } from '../components/organisation-card.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import '../../../components/shimmer.css';
import '../components/members.css';
import { usePageMeta } from '../../../lib/page-meta.ts';

// Only a visitor who opens an organisation needs the drawer.
const OrganisationDrawer = lazy(() => import('../components/organisation-drawer.tsx'));

const PAGE_SIZE = 12;
type TypeFilter = OrganisationType | 'all';
const TYPES: { value: TypeFilter; label: 'members.all' | 'members.enterprises' | 'members.institutes' }[] = [
  { value: 'all', label: 'members.all' },
  { value: 'Enterprise', label: 'members.enterprises' },
  { value: 'ResearchInstitute', label: 'members.institutes' },
];

/**
 * /members (public): certified organisations (org/listAllV2), searchable by name, filtered by type,
 * paginated; `?id=` opens one (org/detail/{id}). Filters live in the URL so a result can be shared.
 * Plain markup where antd would add weight: a public page with a first-load budget (DESIGN §8).
 */
export default function MembersPage() {
  const { t } = useTranslation();
  usePageMeta({ description: t('members.subtitle') });
  const { params, update, page } = useUrlParams();
  const keyword = params.get('q') ?? '';
  const type = (params.get('type') as TypeFilter | null) ?? 'all';
  const openId = Number(params.get('id')) || null;
  const [draft, setDraft] = useState(keyword);
  const list = useOrganisations({
    page,
    page_size: PAGE_SIZE,
    keyword: keyword || undefined,
    type: type === 'all' ? undefined : type,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim(), page: null });
  };

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">
        <header className="mb-members-header">
          <div>
            <h1>{t('members.title')}</h1>
            <p className="mb-muted">{t('members.subtitle')}</p>
          </div>
          <form className="mb-members-search" role="search" onSubmit={search}>
            <span className="mb-members-search-box">
              <SearchOutlined aria-hidden />
              <input
                type="search"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                placeholder={t('members.search')}
                aria-label={t('members.search')}
                maxLength={50}
              />
            </span>
            <Button type="primary" htmlType="submit">
              {t('members.searchButton')}
            </Button>
          </form>
        </header>

        <div className="mb-members-toolbar">
          <div className="mb-members-types" role="group" aria-label={t('members.all')}>
            {TYPES.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={type === option.value}
                onClick={() => update({ type: option.value === 'all' ? null : option.value, page: null })}
              >
                {t(option.label)}
              </button>
            ))}
          </div>
          {list.data && <span className="mb-muted">{t('members.total', { total })}</span>}
        </div>

        {list.isError ? (
          <div className="mb-members-state" role="alert">
            <p>{t('members.loadFailed')}</p>
            <Button onClick={list.refetch}>{t('members.retry')}</Button>
          </div>
        ) : !list.data ? (
          <ul className="mb-members-grid" aria-busy="true" aria-label={t('common.loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="mb-member-card mb-member-skeleton" aria-hidden>
                <span className="mb-member-head">
                  <span className="mb-member-logo mb-shimmer" />
                  <span className="mb-shimmer mb-shimmer-line" style={{ width: '60%' }} />
                </span>
                <span className="mb-shimmer mb-shimmer-line" />
                <span className="mb-shimmer mb-shimmer-line" style={{ width: '80%' }} />
              </li>
            ))}
          </ul>
        ) : items.length === 0 ? (
          <div className="mb-members-state">
            <p className="mb-members-empty">{t('members.empty')}</p>
            <p className="mb-muted">{t('members.emptyHint')}</p>
            {(keyword || type !== 'all') && (
              <Button
                onClick={() => {
                  setDraft('');
                  update({ q: null, type: null, page: null });
                }}
              >
                {t('members.clear')}
              </Button>
            )}
          </div>
        ) : (
          <ul className={`mb-members-grid${list.isStale ? ' mb-members-grid-stale' : ''}`} aria-busy={list.isStale}>
            {items.map((org) => (
              <OrganisationCard key={org.id} org={org} onOpen={(id) => update({ id: String(id) })} />
            ))}
          </ul>
        )}

        {total > PAGE_SIZE && (
          <Pager
            page={page}
            pages={Math.ceil(total / PAGE_SIZE)}
            onChange={(next) => {
              update({ page: next > 1 ? String(next) : null });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            labels={{
              nav: t('members.pageOf', { page, pages: Math.ceil(total / PAGE_SIZE) }),
              previous: t('members.previous'),
              next: t('members.next'),
              page: (n) => t('members.page', { page: n }),
            }}
          />
        )}
      </div>
      {openId !== null && (
        <Suspense fallback={null}>
          <OrganisationDrawer id={openId} onClose={() => update({ id: null })} />
        </Suspense>
      )}
    </div>
  );
}

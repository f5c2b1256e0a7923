import { CommentOutlined, SoundOutlined, ToolOutlined } from '../../../components/inline-icon.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FORUM_CATEGORY } from '@mathbridge/contracts/content';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useNewsList } from '../api/portal-api.ts';
import { ArticleListing } from '../components/article-listing.tsx';
import { EmptyNote } from '../components/load-state.tsx';
import { PortalHero } from '../components/portal-hero.tsx';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import '../components/start-page.css';
import '../components/portal.css';

/** The contract's FORUM_CATEGORY, checked against it (a value import would bring zod into the page). */
const FORUM: typeof FORUM_CATEGORY = 'forum';
const PAGE_SIZE = 9;
const POINTS: { key: 'talks' | 'workshops' | 'discussion'; icon: ReactNode }[] = [
  { key: 'talks', icon: <SoundOutlined /> },
  { key: 'workshops', icon: <ToolOutlined /> },
  { key: 'discussion', icon: <CommentOutlined /> },
];

/** /innovate-forum: what the forum is, and its articles and events (category `forum`), paged. */
export default function ForumPage() {
  const { t } = useTranslation();
  usePageMeta({ description: t('portal.meta.forum') });
  const { update, page } = useUrlParams();
  const list = useNewsList({ page, page_size: PAGE_SIZE, category: FORUM });
  return (
    <div className="mb-start mb-portal">
      <PortalHero eyebrow={t('portal.forum.eyebrow')} title={t('portal.forum.title')} lead={t('portal.forum.lead')}>
        <ul className="mb-hero-points mb-forum-points">
          {POINTS.map(({ key, icon }) => (
            <li key={key}>
              <span aria-hidden>{icon}</span>
              {t(`portal.forum.points.${key}`)}
            </li>
          ))}
        </ul>
      </PortalHero>
      <section className="mb-section mb-section-tight mb-section-tinted" aria-labelledby="mb-forum-list-title">
        <div className="mb-container">
          <h2 id="mb-forum-list-title" className="mb-portal-h2">
            {t('portal.forum.listTitle')}
          </h2>
          <ArticleListing
            list={list}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(next) => update({ page: next > 1 ? String(next) : null })}
            empty={<EmptyNote text={t('portal.forum.empty')} />}
          />
        </div>
      </section>
    </div>
  );
}

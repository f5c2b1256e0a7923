import { Badge } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useNewConsultationCount } from '../api/content.ts';
import './content.css';

const CONTENT_SECTIONS = [
  'articles',
  'categories',
  'banners',
  'manual',
  'site',
  'consultations',
  // The achievement area's notebook categories and contributions (issue 12).
  'notebookCategories',
  'contributions',
] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** The content manager's own navigation: one link per page; consultations shows how many are new. */
function ContentNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const fresh = useNewConsultationCount();
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: bring the current page's link into view.
  useEffect(() => {
    const box = nav.current;
    const active = box?.querySelector<HTMLElement>('a.active');
    if (!box || !active) return;
    const overflow = active.offsetLeft + active.offsetWidth - box.clientWidth;
    if (overflow > 0 || active.offsetLeft < box.scrollLeft) box.scrollLeft = Math.max(0, active.offsetLeft - 16);
  }, [pathname]);
  return (
    <nav className="mb-content-nav" aria-label={t('content.nav.label')} ref={nav}>
      <ul>
        {CONTENT_SECTIONS.map((section) => (
          <li key={section}>
            <NavLink to={`/manage/content/${section}`}>
              {t(`contentManager.${section}`)}
              {section === 'consultations' && !!fresh && (
                <Badge
                  count={fresh}
                  size="small"
                  className="mb-content-nav-badge"
                  title={t('content.nav.newConsultations', { count: fresh })}
                />
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A content manager page: its title, the sub-navigation, an optional action beside the title, and the page. */
export function ContentLayout({
  section,
  title,
  subtitle,
  extra,
  children,
}: {
  section: ContentSection;
  title?: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <header className="mb-page-header">
        <div className="mb-page-header-row">
          <div>
            <h1>{title ?? t(`contentManager.${section}`)}</h1>
            <span className="mb-muted">{subtitle ?? t(`content.${section}.subtitle`)}</span>
          </div>
          {extra}
        </div>
      </header>
      <ContentNav />
      {children}
    </>
  );
}

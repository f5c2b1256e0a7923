import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useDocumentTitle } from '../../lib/page-meta.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { TopNav } from './top-nav.tsx';

/**
 * Scroll positions are kept per history entry. A page loaded afresh (typed, opened from a link in
 * the same tab) has no entry of its own yet: React Router calls every such load "default", so the
 * next fresh load would open at the previous one's position. Those loads use their path instead.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

// Below the fold, and absent from sign-in screens and the workspace: not part of the first load.
const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

/** The root layout of spec §2: top navigation, the page, and the portal footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const handle = useRouteHandle();
  useDocumentTitle();

  return (
    <div className="mb-app">
      <a className="mb-skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {navigation.state !== 'idle' && (
        <div className="mb-route-progress" role="progressbar" aria-label={t('common.loading')} />
      )}
      <TopNav />
      {/* data-path: the location on screen (tests wait for it after a navigation). */}
      <main id="main" className="mb-main" tabIndex={-1} data-path={`${location.pathname}${location.search}`}>
        <Outlet />
      </main>
      {handle.footer !== false && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

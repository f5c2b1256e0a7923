import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { DisclosureMenu } from '../../components/disclosure-menu.tsx';
import { LocaleSwitcher } from '../../components/locale-switcher.tsx';
import { authLink, signInPath } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session-store.ts';
import { PORTAL_TABS, ROLE_LINKS, isUnder } from './nav-items.tsx';

// Only signed-in users need the avatar menu and workspace button, and only phones the drawer.
const SignedInActions = lazy(() => import('./signed-in-actions.tsx'));
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer.tsx'));

/** The top navigation of spec §2: logo, portal tabs, identity sub-menu, language, account. */
export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hasToken = useSession((s) => s.hasToken);
  const [drawer, setDrawer] = useState<'never' | 'open' | 'closed'>('never');
  const inRoles = ROLE_LINKS.some(({ path }) => isUnder(pathname, path));

  return (
    <header className="mb-header">
      <div className="mb-header-inner">
        <BrandLogo />
        <nav aria-label={t('nav.mainMenu')} className="mb-header-menu">
          <ul className="mb-nav-list">
            {PORTAL_TABS.map(({ path, label }) => (
              <li key={path}>
                <NavLink to={path} className="mb-nav-link">
                  {t(label)}
                </NavLink>
              </li>
            ))}
            <li>
              <DisclosureMenu
                openOnHover
                label={t('nav.identities')}
                triggerClassName={`mb-nav-link${inRoles ? ' active' : ''}`}
              >
                {(close) => (
                  <ul className="mb-disclosure-list">
                    {ROLE_LINKS.map(({ path, label }) => (
                      <li key={path}>
                        <Link
                          to={path}
                          className="mb-disclosure-item"
                          aria-current={isUnder(pathname, path) ? 'page' : undefined}
                          onClick={close}
                        >
                          {t(label)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </DisclosureMenu>
            </li>
          </ul>
        </nav>
        <span className="mb-header-spacer" />
        <div className="mb-header-actions">
          <LocaleSwitcher />
          {hasToken ? (
            <Suspense fallback={null}>
              <SignedInActions />
            </Suspense>
          ) : (
            <Button
              type="primary"
              className="mb-signin-button"
              onClick={() => void navigate(pathname === '/signin' ? authLink('/signup') : signInPath())}
            >
              <span className="mb-hide-xs">{t('nav.signInUp')}</span>
              <span className="mb-show-xs">
                {pathname === '/signin' ? t('auth.signUpLink') : t('auth.signInButton')}
              </span>
            </Button>
          )}
          <Button
            className="mb-menu-toggle"
            type="text"
            icon={<MenuOutlined aria-hidden />}
            aria-label={t('nav.openMenu')}
            aria-expanded={drawer === 'open'}
            onClick={() => setDrawer('open')}
          />
        </div>
      </div>
      {drawer !== 'never' && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={drawer === 'open'} onClose={() => setDrawer('closed')} />
        </Suspense>
      )}
    </header>
  );
}

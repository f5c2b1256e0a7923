import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-logo.tsx';
import { homePath } from '../../lib/home-path.ts';
import { useSession } from '../../lib/session-store.ts';

/** The footer's account links: sign up and sign in for visitors; where they work for signed-in users. */
function AccountLinks() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.hasToken);
  const home = useSession((s) => homePath(s.profile));
  const account = (
    <li>
      <Link to="/account/individual">{t('nav.account')}</Link>
    </li>
  );
  if (signedIn) {
    return (
      <ul className="mb-footer-links" data-testid="footer-account-links">
        <li>
          <Link to={home}>{home === '/manage' ? t('nav.workspace') : t('pages.firstmeet')}</Link>
        </li>
        {account}
      </ul>
    );
  }
  return (
    <ul className="mb-footer-links" data-testid="footer-account-links">
      <li>
        <Link to="/signup">{t('nav.signUp')}</Link>
      </li>
      <li>
        <Link to="/signin">{t('nav.signIn')}</Link>
      </li>
      {account}
    </ul>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mb-footer">
      <div className="mb-container">
        <div className="mb-footer-grid">
          <div className="mb-footer-about">
            <div
              style={{ display: 'flex', alignItems: 'center', gap: 10, color: '#fff', fontSize: 18, fontWeight: 700 }}
            >
              <BrandMark className="mb-brand-mark" />
              {t('brand.name')}
            </div>
            <p style={{ marginTop: 12, maxWidth: 380, lineHeight: 1.8 }}>{t('footer.description')}</p>
          </div>
          <nav aria-label={t('footer.platform')}>
            <div className="mb-footer-title">{t('footer.platform')}</div>
            <ul className="mb-footer-links">
              <li>
                <Link to="/service">{t('nav.service')}</Link>
              </li>
              <li>
                <Link to="/industry">{t('nav.industry')}</Link>
              </li>
              <li>
                <Link to="/employ">{t('nav.recruitment')}</Link>
              </li>
              <li>
                <Link to="/news">{t('nav.news')}</Link>
              </li>
              <li>
                <Link to="/members">{t('nav.members')}</Link>
              </li>
              <li>
                <Link to="/achievement">{t('pages.achievement')}</Link>
              </li>
              <li>
                <Link to="/tryit">{t('pages.tryit')}</Link>
              </li>
              <li>
                <Link to="/aboutUs">{t('nav.about')}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t('footer.identities')}>
            <div className="mb-footer-title">{t('footer.identities')}</div>
            <ul className="mb-footer-links">
              <li>
                <Link to="/enterprise">{t('nav.enterprise')}</Link>
              </li>
              <li>
                <Link to="/researchinstitute">{t('nav.researchInstitute')}</Link>
              </li>
              <li>
                <Link to="/specialist">{t('nav.specialist')}</Link>
              </li>
              <li>
                <Link to="/student">{t('nav.student')}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t('footer.account')}>
            <div className="mb-footer-title">{t('footer.account')}</div>
            <AccountLinks />
          </nav>
        </div>
        <div className="mb-footer-bottom">{t('footer.rights', { year })}</div>
      </div>
    </footer>
  );
}

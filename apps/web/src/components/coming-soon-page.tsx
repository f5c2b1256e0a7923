import { ArrowRightOutlined, RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRouteHandle } from '../lib/route-handle.ts';
import { useSession } from '../lib/session-store.ts';
import { ButtonLink } from './button-link.tsx';

/**
 * A section whose screens arrive in a later issue: it names itself, says what it will hold and
 * offers ways on. Title and description come from the route's handle. Plain markup (no antd Card
 * or Typography): most of these are public pages with a first-load budget.
 */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const hasToken = useSession((s) => s.hasToken);
  const page = handle.title?.(t) ?? '';
  const intro = handle.intro?.(t);
  const embedded = pathname.startsWith('/account') || pathname.startsWith('/manage');

  const body = (
    <section className="mb-coming-soon" aria-labelledby="mb-coming-soon-title">
      <div className="mb-coming-soon-icon" aria-hidden>
        <RocketOutlined />
      </div>
      <span className="mb-badge">{t('comingSoon.badge')}</span>
      <h1 id="mb-coming-soon-title" className="mb-coming-soon-title">
        {page}
      </h1>
      {intro && <p className="mb-coming-soon-intro">{intro}</p>}
      <p className="mb-muted">{t('comingSoon.description')}</p>
      <div className="mb-coming-soon-actions">
        {!embedded && (
          <ButtonLink to="/start" type="primary" icon={<ArrowRightOutlined />} iconPlacement="end">
            {t('comingSoon.explore')}
          </ButtonLink>
        )}
        {hasToken ? (
          !pathname.startsWith('/account') && (
            <ButtonLink to="/account/individual">{t('comingSoon.account')}</ButtonLink>
          )
        ) : (
          <ButtonLink to="/signup">{t('comingSoon.signUp')}</ButtonLink>
        )}
      </div>
    </section>
  );

  if (embedded) return <div className="mb-panel">{body}</div>;
  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">
        <div className="mb-panel mb-panel-roomy">{body}</div>
      </div>
    </div>
  );
}

import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SubStaticRole } from '@mathbridge/contracts/content';
import { VERIFY_STATE, type SelectableRole } from '@mathbridge/contracts/roles';
import { ButtonLink } from '../../../components/button-link.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useStatistics, useSubStatic } from '../api/portal-api.ts';
import { LoadFailed } from '../components/load-state.tsx';
import { PortalHero } from '../components/portal-hero.tsx';
import { Counters, Doughnut, GROUPS } from '../components/statistics-section.tsx';
import '../components/start-page.css';
import '../components/portal.css';

/** Each role page's identity and the workspace section where its work begins. */
const ROLES: Record<SubStaticRole, { role: SelectableRole; section: string }> = {
  enterprise: { role: 'Enterprise', section: '/manage/demandManage/list' },
  researchinstitute: { role: 'ResearchInstitute', section: '/manage/demandManageRI/list' },
  specialist: { role: 'Specialist', section: '/manage/subjectsPool/list' },
  student: { role: 'Student', section: '/manage/directionsPool/list' },
};
const STEPS = ['s1', 's2', 's3', 's4'] as const;

function roleOf(pathname: string): SubStaticRole {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  return name in ROLES ? (name as SubStaticRole) : 'enterprise';
}

/** The call to act fits who is looking: sign up, certify, or go to the work. */
function RoleCta({ role }: { role: SubStaticRole }) {
  const { t } = useTranslation();
  const hasToken = useSession((s) => s.hasToken);
  const verified = useSession((s) => s.profile?.verify_state === VERIFY_STATE.verified);
  const roles = useSession((s) => s.roles);
  const ownRole = roles.includes(ROLES[role].role);

  let title: string;
  let text: string;
  let action;
  if (!hasToken) {
    title = t('portal.role.ctaSignUpTitle');
    text = t('portal.role.ctaSignUpText');
    action = (
      <>
        <ButtonLink to="/signup" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
          {t('portal.role.ctaSignUp')}
        </ButtonLink>
        <ButtonLink to={`/signin?redirect=${encodeURIComponent(`/${role}`)}`} size="large" ghost>
          {t('portal.role.ctaSignIn')}
        </ButtonLink>
      </>
    );
  } else if (!verified) {
    title = t('portal.role.ctaCertifyTitle');
    text = t('portal.role.ctaCertifyText');
    action = (
      <ButtonLink to="/certification" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
        {t('portal.role.ctaCertify')}
      </ButtonLink>
    );
  } else {
    title = t('portal.role.ctaWorkspaceTitle');
    text = ownRole ? t('portal.role.ctaWorkspaceText') : t('portal.role.ctaOtherText');
    action = (
      <ButtonLink
        to={ownRole ? ROLES[role].section : '/manage'}
        type="primary"
        size="large"
        icon={<ArrowRightOutlined />}
        iconPlacement="end"
      >
        {ownRole ? t(`portal.role.${role}.cta`) : t('portal.role.ctaWorkspace')}
      </ButtonLink>
    );
  }
  return (
    <section className="mb-cta-band" aria-labelledby="mb-role-cta-title">
      <div className="mb-container mb-cta-inner">
        <div>
          <h2 id="mb-role-cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <div className="mb-cta-actions">{action}</div>
      </div>
    </section>
  );
}

/**
 * /enterprise, /researchinstitute, /specialist, /student: what the identity does on the platform,
 * its numbers (index/getSubStatic) and a call to act. One page serves the four paths.
 */
export default function RolePage() {
  const { t } = useTranslation();
  const role = roleOf(useLocation().pathname);
  usePageMeta({ description: t(`portal.meta.${role}`) });
  const numbers = useSubStatic(role);
  const stats = useStatistics().data;

  return (
    <div className="mb-start mb-portal">
      <PortalHero
        eyebrow={t(`portal.role.${role}.eyebrow`)}
        title={t(`portal.role.${role}.title`)}
        lead={t(`portal.role.${role}.lead`)}
      />

      <section className="mb-section mb-section-tight" aria-labelledby="mb-role-numbers-title">
        <div className="mb-container">
          <h2 id="mb-role-numbers-title" className="mb-portal-h2">
            {t('portal.role.numbersTitle')}
          </h2>
          {numbers.isError && !numbers.data ? (
            <LoadFailed onRetry={numbers.refetch} compact />
          ) : numbers.data && numbers.data.numbers.length === 0 ? (
            <p className="mb-muted">{t('portal.role.numbersEmpty')}</p>
          ) : (
            <Counters items={numbers.data?.numbers ?? null} />
          )}
        </div>
      </section>

      <section className="mb-section mb-section-tinted" aria-labelledby="mb-role-steps-title">
        <div className="mb-container">
          <header className="mb-section-header">
            <h2 id="mb-role-steps-title">{t('portal.role.stepsTitle')}</h2>
          </header>
          <ol className="mb-role-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="mb-role-step">
                <span className="mb-role-step-number" aria-hidden>
                  {index + 1}
                </span>
                <h3>{t(`portal.role.${role}.steps.${step}.title`)}</h3>
                <p>{t(`portal.role.${role}.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {stats && (
        <section className="mb-section mb-section-tight" aria-labelledby="mb-role-community-title">
          <div className="mb-container">
            <h2 id="mb-role-community-title" className="mb-portal-h2">
              {t('portal.stats.title')}
            </h2>
            <div className="mb-doughnuts mb-role-doughnuts">
              {GROUPS.map((group) => (
                <Doughnut
                  key={group.key}
                  title={t(`portal.stats.${group.key}`)}
                  numbers={group.numbers}
                  stats={stats}
                />
              ))}
            </div>
          </div>
        </section>
      )}

      <RoleCta role={role} />
    </div>
  );
}

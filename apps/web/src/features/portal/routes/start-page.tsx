import {
  AppstoreOutlined,
  ArrowRightOutlined,
  BankOutlined,
  BulbOutlined,
  CheckCircleFilled,
  ClusterOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FunctionOutlined,
  FundOutlined,
  LineChartOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  TeamOutlined,
  TranslationOutlined,
} from '../../../components/inline-icon.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import { ButtonLink } from '../../../components/button-link.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSession } from '../../../lib/session-store.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { BridgeDiagram } from '../components/bridge-diagram.tsx';
import { RecommendedArticles } from '../components/recommended-articles.tsx';
import { StatisticsSection } from '../components/statistics-section.tsx';
import '../components/start-page.css';
import '../components/portal.css';

const DOMAINS: {
  key: 'optimization' | 'forecasting' | 'risk' | 'simulation' | 'algorithms' | 'security';
  icon: ReactNode;
}[] = [
  { key: 'optimization', icon: <ScheduleOutlined /> },
  { key: 'forecasting', icon: <LineChartOutlined /> },
  { key: 'risk', icon: <FundOutlined /> },
  { key: 'simulation', icon: <DeploymentUnitOutlined /> },
  { key: 'algorithms', icon: <ClusterOutlined /> },
  { key: 'security', icon: <SafetyOutlined /> },
];

const STEPS: { key: 'demand' | 'solution' | 'cooperation'; icon: ReactNode }[] = [
  { key: 'demand', icon: <FileTextOutlined /> },
  { key: 'solution', icon: <BulbOutlined /> },
  { key: 'cooperation', icon: <TeamOutlined /> },
];

/** The four selectable identities (spec §1) and their portal pages (spec §2). */
const IDENTITIES: {
  key: 'enterprise' | 'researchinstitute' | 'specialist' | 'student';
  path: string;
  icon: ReactNode;
  tone: string;
}[] = [
  { key: 'enterprise', path: '/enterprise', icon: <BankOutlined />, tone: 'blue' },
  { key: 'researchinstitute', path: '/researchinstitute', icon: <ExperimentOutlined />, tone: 'teal' },
  { key: 'specialist', path: '/specialist', icon: <FunctionOutlined />, tone: 'violet' },
  { key: 'student', path: '/student', icon: <ReadOutlined />, tone: 'amber' },
];

const TRUST: { key: 'verified' | 'workspace' | 'languages'; icon: ReactNode }[] = [
  { key: 'verified', icon: <SafetyCertificateOutlined /> },
  { key: 'workspace', icon: <AppstoreOutlined /> },
  { key: 'languages', icon: <TranslationOutlined /> },
];

/** The call to action fits who is looking: a visitor signs up, a member goes on to certify or work. */
function PrimaryCta() {
  const { t } = useTranslation();
  const hasToken = useSession((s) => s.hasToken);
  const verified = useSession((s) => s.profile?.verify_state === VERIFY_STATE.verified);
  if (!hasToken) {
    return (
      <ButtonLink to="/signup" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
        {t('start.ctaSignUp')}
      </ButtonLink>
    );
  }
  return verified ? (
    <ButtonLink to="/manage" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
      {t('start.ctaWorkspace')}
    </ButtonLink>
  ) : (
    <ButtonLink
      to="/account/individual-authentication"
      type="primary"
      size="large"
      icon={<ArrowRightOutlined />}
      iconPlacement="end"
    >
      {t('start.ctaCertify')}
    </ButtonLink>
  );
}

/**
 * /start: what MathBridge is, the admins' banners, the platform's live numbers (counters and
 * doughnuts; ECharts loads lazily), how cooperation works, the four identities, recommended
 * articles, and where to begin.
 */
export default function StartPage() {
  const { t } = useTranslation();
  const hasToken = useSession((s) => s.hasToken);
  const verified = useSession((s) => s.profile?.verify_state === VERIFY_STATE.verified);
  usePageMeta({ description: t('portal.meta.start') });
  // The band's text goes with its button (PrimaryCta): signing up is for visitors only.
  const ctaText = !hasToken ? t('start.ctaText') : verified ? t('start.ctaTextWorkspace') : t('start.ctaTextCertify');

  return (
    <div className="mb-start">
      <section className="mb-hero" aria-labelledby="mb-hero-title">
        <div className="mb-container mb-hero-grid">
          <div className="mb-hero-copy">
            <span className="mb-eyebrow">{t('start.heroEyebrow')}</span>
            <h1 id="mb-hero-title">{t('start.heroTitle')}</h1>
            <p className="mb-hero-lead">{t('start.heroSubtitle')}</p>
            <div className="mb-hero-actions">
              <PrimaryCta />
              <a className="mb-hero-secondary" href="#how-it-works">
                {t('start.ctaHow')}
              </a>
            </div>
            <ul className="mb-hero-points">
              {(['heroPoint1', 'heroPoint2', 'heroPoint3'] as const).map((key) => (
                <li key={key}>
                  <CheckCircleFilled aria-hidden />
                  {t(`start.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="mb-hero-art">
            <BridgeDiagram />
          </div>
        </div>
      </section>

      <BannerCarousel />

      <StatisticsSection />

      <section className="mb-section mb-section-tinted" aria-labelledby="mb-domains-title">
        <div className="mb-container">
          <header className="mb-section-header">
            <h2 id="mb-domains-title">{t('start.domainsTitle')}</h2>
            <p>{t('start.domainsSubtitle')}</p>
          </header>
          <ul className="mb-domain-grid">
            {DOMAINS.map(({ key, icon }) => (
              <li key={key} className="mb-domain">
                <span className="mb-domain-icon" aria-hidden>
                  {icon}
                </span>
                <div>
                  <h3>{t(`start.domains.${key}.title`)}</h3>
                  <p>{t(`start.domains.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" className="mb-section" aria-labelledby="mb-how-title" tabIndex={-1}>
        <div className="mb-container">
          <header className="mb-section-header">
            <h2 id="mb-how-title">{t('start.howTitle')}</h2>
            <p>{t('start.howSubtitle')}</p>
          </header>
          <ol className="mb-steps">
            {STEPS.map(({ key, icon }, index) => (
              <li key={key} className="mb-step">
                <div className="mb-step-marker" aria-hidden>
                  <span className="mb-step-icon">{icon}</span>
                  <span className="mb-step-number">{index + 1}</span>
                </div>
                <h3>{t(`start.steps.${key}.title`)}</h3>
                <p>{t(`start.steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mb-section mb-section-tinted" aria-labelledby="mb-identities-title">
        <div className="mb-container">
          <header className="mb-section-header">
            <h2 id="mb-identities-title">{t('start.identitiesTitle')}</h2>
            <p>{t('start.identitiesSubtitle')}</p>
          </header>
          <ul className="mb-identity-grid">
            {IDENTITIES.map(({ key, path, icon, tone }) => (
              <li key={key} className={`mb-identity mb-tone-${tone}`}>
                <span className="mb-identity-icon" aria-hidden>
                  {icon}
                </span>
                <h3>{t(`start.identity.${key}.title`)}</h3>
                <p>{t(`start.identity.${key}.text`)}</p>
                <ul className="mb-identity-points">
                  {(['p1', 'p2', 'p3'] as const).map((point) => (
                    <li key={point}>{t(`start.identity.${key}.${point}`)}</li>
                  ))}
                </ul>
                <Link className="mb-identity-link" to={path}>
                  {t('start.learnMore')}
                  <span className="mb-visually-hidden">: {t(`start.identity.${key}.title`)}</span>
                  <ArrowRightOutlined aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <RecommendedArticles />

      <section className="mb-section mb-section-tinted" aria-labelledby="mb-trust-title">
        <div className="mb-container">
          <header className="mb-section-header">
            <h2 id="mb-trust-title">{t('start.trustTitle')}</h2>
          </header>
          <ul className="mb-trust-grid">
            {TRUST.map(({ key, icon }) => (
              <li key={key} className="mb-trust">
                <span className="mb-trust-icon" aria-hidden>
                  {icon}
                </span>
                <h3>{t(`start.trust.${key}.title`)}</h3>
                <p>{t(`start.trust.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mb-cta-band" aria-labelledby="mb-cta-title">
        <div className="mb-container mb-cta-inner">
          <div>
            <h2 id="mb-cta-title">{t('start.ctaTitle')}</h2>
            <p>{ctaText}</p>
          </div>
          <div className="mb-cta-actions">
            <PrimaryCta />
            {!hasToken && (
              <ButtonLink to="/signin" size="large" ghost>
                {t('start.ctaSignIn')}
              </ButtonLink>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}

import {
  ArrowRightOutlined,
  BulbOutlined,
  CodeOutlined,
  CompassOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { ConsultationSection } from '../components/consultation-section.tsx';
import { PortalHero } from '../components/portal-hero.tsx';
import '../components/start-page.css';
import '../components/portal.css';

/** The services and where each is used (workspace sections ask for sign-in first). */
const SERVICES: {
  key: 'certification' | 'demands' | 'solutions' | 'subjects' | 'directions' | 'jobs' | 'files' | 'notebooks';
  to: string;
  icon: ReactNode;
}[] = [
  { key: 'certification', to: '/certification', icon: <SafetyCertificateOutlined /> },
  { key: 'demands', to: '/enterprise', icon: <FileTextOutlined /> },
  { key: 'solutions', to: '/researchinstitute', icon: <BulbOutlined /> },
  { key: 'subjects', to: '/specialist', icon: <ExperimentOutlined /> },
  { key: 'directions', to: '/student', icon: <CompassOutlined /> },
  { key: 'jobs', to: '/employ', icon: <SolutionOutlined /> },
  { key: 'files', to: '/account/files', icon: <FolderOpenOutlined /> },
  { key: 'notebooks', to: '/achievement', icon: <CodeOutlined /> },
];

/** /service: what the platform offers, each with a way in, and the consultation form. */
export default function ServicePage() {
  const { t } = useTranslation();
  usePageMeta({ description: t('portal.meta.service') });
  return (
    <div className="mb-start mb-portal">
      <PortalHero
        eyebrow={t('portal.service.eyebrow')}
        title={t('portal.service.title')}
        lead={t('portal.service.lead')}
      >
        <div className="mb-hero-actions">
          <a className="mb-hero-secondary" href="#service-consult">
            {t('portal.service.consultTitle')}
          </a>
        </div>
      </PortalHero>
      <section className="mb-section" aria-label={t('portal.service.eyebrow')}>
        <div className="mb-container">
          <ul className="mb-service-grid">
            {SERVICES.map(({ key, to, icon }) => (
              <li key={key} className="mb-service">
                <span className="mb-domain-icon" aria-hidden>
                  {icon}
                </span>
                <h2>{t(`portal.service.items.${key}.title`)}</h2>
                <p>{t(`portal.service.items.${key}.text`)}</p>
                <Link className="mb-identity-link" to={to}>
                  {t('portal.service.open')}
                  <span className="mb-visually-hidden">: {t(`portal.service.items.${key}.title`)}</span>
                  <ArrowRightOutlined aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ConsultationSection
        id="service-consult"
        title={t('portal.service.consultTitle')}
        text={t('portal.service.consultText')}
      />
    </div>
  );
}

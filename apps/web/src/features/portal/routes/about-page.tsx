import {
  ClockCircleOutlined,
  EnvironmentOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  GlobalOutlined,
  AimOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { ConsultationSection } from '../components/consultation-section.tsx';
import { PortalHero } from '../components/portal-hero.tsx';
import '../components/start-page.css';
import '../components/portal.css';

const VALUES: { key: 'trust' | 'openness' | 'rigour'; icon: ReactNode }[] = [
  { key: 'trust', icon: <SafetyCertificateOutlined /> },
  { key: 'openness', icon: <GlobalOutlined /> },
  { key: 'rigour', icon: <AimOutlined /> },
];
const HOW = ['s1', 's2', 's3', 's4'] as const;

/** /aboutUs: the platform, its mission and values, how it works, contact and the consultation form. */
export default function AboutPage() {
  const { t } = useTranslation();
  usePageMeta({ description: t('portal.meta.aboutUs') });
  return (
    <div className="mb-start mb-portal">
      <PortalHero eyebrow={t('portal.about.eyebrow')} title={t('portal.about.title')} lead={t('portal.about.lead')} />

      <section className="mb-section" aria-labelledby="mb-mission-title">
        <div className="mb-container mb-about-mission">
          <h2 id="mb-mission-title">{t('portal.about.missionTitle')}</h2>
          <blockquote>{t('portal.about.mission')}</blockquote>
        </div>
      </section>

      <section className="mb-section mb-section-tinted" aria-labelledby="mb-values-title">
        <div className="mb-container">
          <header className="mb-section-header">
            <h2 id="mb-values-title">{t('portal.about.valuesTitle')}</h2>
          </header>
          <ul className="mb-trust-grid">
            {VALUES.map(({ key, icon }) => (
              <li key={key} className="mb-trust">
                <span className="mb-trust-icon" aria-hidden>
                  {icon}
                </span>
                <h3>{t(`portal.about.values.${key}.title`)}</h3>
                <p>{t(`portal.about.values.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mb-section" aria-labelledby="mb-about-how-title">
        <div className="mb-container mb-about-columns">
          <div>
            <h2 id="mb-about-how-title" className="mb-portal-h2">
              {t('portal.about.howTitle')}
            </h2>
            <ol className="mb-about-how">
              {HOW.map((step, index) => (
                <li key={step}>
                  <span className="mb-role-step-number" aria-hidden>
                    {index + 1}
                  </span>
                  <p>{t(`portal.about.how.${step}`)}</p>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h2 className="mb-portal-h2" id="mb-contact-title">
              {t('portal.about.contactTitle')}
            </h2>
            <dl className="mb-contact" aria-labelledby="mb-contact-title">
              <div>
                <dt>
                  <MailOutlined aria-hidden /> {t('portal.about.contact.email')}
                </dt>
                <dd>
                  <a href={`mailto:${t('portal.about.contact.emailValue')}`}>{t('portal.about.contact.emailValue')}</a>
                </dd>
              </div>
              <div>
                <dt>
                  <ClockCircleOutlined aria-hidden /> {t('portal.about.contact.hours')}
                </dt>
                <dd>{t('portal.about.contact.hoursValue')}</dd>
              </div>
              <div>
                <dt>
                  <EnvironmentOutlined aria-hidden /> {t('portal.about.contact.address')}
                </dt>
                <dd>{t('portal.about.contact.addressValue')}</dd>
              </div>
            </dl>
          </div>
        </div>
      </section>

      <ConsultationSection
        id="about-consult"
        title={t('portal.about.consultTitle')}
        text={t('portal.about.consultText')}
      />
    </div>
  );
}

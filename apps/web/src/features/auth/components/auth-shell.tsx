import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-logo.tsx';

/** The frame of the sign-in, sign-up and reset screens: brand panel beside the form. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mb-auth">
      <div className="mb-auth-card">
        <aside className="mb-auth-panel">
          <div style={{ display: 'flex', alignItems: 'center', gap: 10, fontSize: 20, fontWeight: 700 }}>
            <BrandMark className="mb-brand-mark" />
            {t('brand.name')}
          </div>
          <h2>{t('auth.panelTitle')}</h2>
          <ul>
            {(['panelPoint1', 'panelPoint2', 'panelPoint3'] as const).map((key) => (
              <li key={key}>
                <CheckCircleFilled style={{ color: '#7fe0d6', marginTop: 5 }} aria-hidden />
                <span>{t(`auth.${key}`)}</span>
              </li>
            ))}
          </ul>
          <svg className="mb-auth-panel-art" viewBox="0 0 200 160" aria-hidden="true" focusable="false">
            <path d="M10 120c40-80 140-80 180 0" fill="none" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
            <path d="M50 120V80M100 120V62M150 120V80" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
            <path d="M0 124h200" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
          </svg>
        </aside>
        <section className="mb-auth-form">
          <h1>{title}</h1>
          <p className="mb-auth-subtitle">{subtitle}</p>
          {children}
        </section>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@mathbridge/contracts/constants';

/** The bridge mark: an arch over piers, the product's picture of "connecting two sides". */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f4fd1" />
      <path d="M10 44c8-16 36-16 44 0" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <path d="M20 44V33M32 44V29M44 44V33" stroke="#9cc0ff" strokeWidth="4" strokeLinecap="round" />
      <path d="M8 46h48" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

/** Logo + product name, linking home. */
export function BrandLogo() {
  const { t } = useTranslation();
  const name = t('brand.name');
  return (
    // No aria-label: the name a screen reader hears starts with the words on screen (WCAG 2.5.3).
    <Link to="/start" className="mb-brand">
      <BrandMark className="mb-brand-mark" />
      <span className="mb-brand-name">{name}</span>
      {name !== PRODUCT_NAME && <span className="mb-brand-name-en">{PRODUCT_NAME}</span>}
      <span className="mb-visually-hidden"> – {t('nav.home')}</span>
    </Link>
  );
}

import { useTranslation } from 'react-i18next';

/** Shown while a route's code or data loads. Plain CSS: it is on screen before antd's styles. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="mb-center" role="status" aria-live="polite">
      <span className="mb-spinner" aria-hidden />
      <span className="mb-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

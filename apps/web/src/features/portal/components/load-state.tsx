import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A portal block that failed to load: says so and offers a retry (plain markup, public budget). */
export function LoadFailed({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`mb-portal-state${compact ? ' mb-portal-state-compact' : ''}`} role="alert">
      <p>{t('portal.state.loadFailed')}</p>
      <Button onClick={onRetry}>{t('portal.state.retry')}</Button>
    </div>
  );
}

/** An empty list's gentle note. */
export function EmptyNote({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="mb-portal-state">
      <p>{text}</p>
      {children}
    </div>
  );
}

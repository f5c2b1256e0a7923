import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The error state of a query-backed view: says it failed and offers a retry. */
export function LoadError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      subTitle={message ?? t('common.loadFailedHint')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}

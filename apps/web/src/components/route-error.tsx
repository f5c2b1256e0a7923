import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last-resort boundary: a route's code failed to load (e.g. a deploy replaced its chunk) or threw. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="mb-center mb-route-error" role="alert">
      <WarningOutlined className="mb-route-error-icon" aria-hidden />
      <h1>{t('routeError.title')}</h1>
      <p className="mb-muted">{t('routeError.subTitle')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </div>
  );
}

import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifyStateName } from '@mathbridge/contracts/roles';
import { ButtonLink } from '../../../components/button-link.tsx';
import { VerifyBadge } from '../../../components/verify-badge.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useAuthInfo } from '../api/get-auth-info.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AUTH_PAGES, kindOf } from './identity-kinds.ts';

/** The certification at a glance on /account/individual: identity, state, reviewer's reason, way on. */
export function CertificationOverview() {
  const { t } = useTranslation();
  const locale = useLocale();
  const authInfo = useAuthInfo();
  const info = authInfo.data;
  const role = info?.role ?? null;
  const cert = info?.certification?.role === role ? info?.certification : null;
  const state = verifyStateName(info?.verify_state);
  return (
    <Card
      variant="borderless"
      title={t('identity.status.overviewTitle')}
      extra={info && <VerifyBadge state={info.verify_state} />}
    >
      {!info ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !role ? (
        <>
          <p className="mb-muted">{t('identity.status.overviewNone')}</p>
          <ButtonLink to="/certification" type="primary" icon={<SafetyCertificateOutlined />}>
            {t('identity.status.choose')}
          </ButtonLink>
        </>
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'role', label: t('identity.status.role'), children: t(`roles.${role}`) },
              ...(cert
                ? [
                    {
                      key: 'submitted',
                      label: t('identity.status.submittedAt'),
                      children: formatDateTime(cert.submitted_at, locale),
                    },
                  ]
                : []),
              ...(state === 'rejected' && cert?.reason
                ? [{ key: 'reason', label: t('identity.status.reason'), children: cert.reason }]
                : []),
            ]}
          />
          <ButtonLink to={AUTH_PAGES[kindOf(role)]} type={state === 'verified' ? 'default' : 'primary'}>
            {state === 'verified' || state === 'pending' ? t('identity.status.view') : t('identity.status.choose')}
          </ButtonLink>
        </>
      )}
    </Card>
  );
}

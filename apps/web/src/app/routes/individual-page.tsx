import { Alert, Col, Row, Skeleton, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { useProfile } from '../../lib/profile-queries.ts';
import { PasswordForm } from '../../features/account/components/password-form.tsx';
import { ProfileForm } from '../../features/account/components/profile-form.tsx';
import { ProfileSummary } from '../../features/account/components/profile-summary.tsx';
import { CertificationOverview } from '../../features/identity/components/certification-overview.tsx';
import { WechatBindingCard } from '../../features/wechat/components/wechat-binding-card.tsx';

/** /account/individual: the profile, its avatar, the WeChat binding and the password. */
export default function IndividualPage() {
  const { t } = useTranslation();
  const profile = useProfile();

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('accountArea.menu.individual')}</h1>
        <span className="mb-muted">{t('account.profile.subtitle')}</span>
      </header>
      {/* A failed refresh keeps showing the profile already known; the client has reported it. */}
      {!profile.data ? (
        <Card variant="borderless">
          {profile.isError ? (
            <LoadError onRetry={() => void profile.refetch()} />
          ) : (
            <Skeleton avatar active paragraph={{ rows: 6 }} />
          )}
        </Card>
      ) : (
        <Row gutter={[24, 24]}>
          {profile.data.incomplete && (
            <Col span={24}>
              <Alert type="info" showIcon title={t('account.profile.incomplete')} />
            </Col>
          )}
          <Col xs={24} lg={8}>
            <ProfileSummary profile={profile.data} />
            <div style={{ marginTop: 24 }}>
              <CertificationOverview />
            </div>
            <div style={{ marginTop: 24 }}>
              <WechatBindingCard />
            </div>
          </Col>
          <Col xs={24} lg={16}>
            <Row gutter={[24, 24]}>
              <Col span={24}>
                <ProfileForm profile={profile.data} />
              </Col>
              <Col span={24}>
                <PasswordForm />
              </Col>
            </Row>
          </Col>
        </Row>
      )}
    </>
  );
}

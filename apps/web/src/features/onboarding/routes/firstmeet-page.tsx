import { CheckCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { useCheckStep } from '../api/onboarding.ts';
import { Checklist } from '../components/checklist.tsx';
import { UserManual } from '../components/user-manual.tsx';
import '../components/onboarding.css';

const ADMIN_LINKS = [
  { key: 'workspace', to: '/manage' },
  { key: 'content', to: '/manage/content/articles' },
  { key: 'todos', to: '/manage/todoList' },
  { key: 'logs', to: '/manage/logs' },
] as const;

/** Admins hold no identity to certify: they get their way in to the workspace and the content manager. */
function AdminPanel() {
  const { t } = useTranslation();
  return (
    <Card className="mb-onboarding-banner" data-testid="onboarding-admin">
      <SafetyCertificateOutlined className="mb-onboarding-banner-icon" aria-hidden />
      <div>
        <h2>{t('onboarding.admin.title')}</h2>
        <p className="mb-muted">{t('onboarding.admin.text')}</p>
        <div className="mb-onboarding-links">
          {ADMIN_LINKS.map((link, index) => (
            <ButtonLink key={link.key} to={link.to} type={index === 0 ? 'primary' : 'default'}>
              {t(`onboarding.admin.${link.key}`)}
            </ButtonLink>
          ))}
        </div>
      </div>
    </Card>
  );
}

function AllDone() {
  const { t } = useTranslation();
  return (
    <Card className="mb-onboarding-banner mb-onboarding-banner-done" data-testid="onboarding-done">
      <CheckCircleFilled className="mb-onboarding-banner-icon" aria-hidden />
      <div>
        <h2>{t('onboarding.allDone.title')}</h2>
        <p className="mb-muted">{t('onboarding.allDone.text')}</p>
        <ButtonLink to="/manage/dashboard" type="primary">
          {t('onboarding.allDone.action')}
        </ButtonLink>
      </div>
    </Card>
  );
}

function Steps() {
  const check = useCheckStep();
  if (check.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (check.isError) return <LoadError onRetry={() => void check.refetch()} />;
  return (
    <>
      {check.data.current === null && <AllDone />}
      <Checklist check={check.data} />
    </>
  );
}

/** /firstmeet (signed in; /center, and a sign-in before certification, land here): the onboarding checklist and the user's manual. */
function FirstMeetBody() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  const isAdmin = useSession((s) => s.roles.includes('Admin'));
  const name = profile?.info.truename?.trim();
  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container mb-onboarding">
        <header className="mb-page-header">
          <h1>{name ? t('onboarding.welcome', { name }) : t('onboarding.welcomeAnonymous')}</h1>
          {!isAdmin && <p className="mb-muted">{t('onboarding.subtitle')}</p>}
        </header>
        {isAdmin ? <AdminPanel /> : <Steps />}
        <UserManual />
      </div>
    </div>
  );
}

export default function FirstMeetPage() {
  return (
    <QueryProvider>
      <FirstMeetBody />
    </QueryProvider>
  );
}

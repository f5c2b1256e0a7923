import { AuditOutlined, CheckSquareOutlined, ReadOutlined, RightOutlined, SettingOutlined } from '@ant-design/icons';
import { Card, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CERT_STATUS, CERT_STATUS_NAMES } from '@mathbridge/contracts/identity';
import { ORGANISATION_ROLES, type Role } from '@mathbridge/contracts/roles';
import { MANAGE_SECTIONS } from '@mathbridge/contracts/routes';
import { canUseSection } from '@mathbridge/contracts/workspace';
import { manageSectionTitleKey } from '../../../lib/manage-titles.ts';
import { ButtonLink } from '../../../components/button-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { VerifyBadge } from '../../../components/verify-badge.tsx';
import { displayName } from '../../../lib/display-name.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { useReviews } from '../api/reviews.ts';
import { LeaveOrganisationButton } from '../components/leave-organisation-button.tsx';
import { WorkCards } from '../components/work-cards.tsx';
import '../components/workspace.css';

const statusName = (status: number) => CERT_STATUS_NAMES[status] ?? 'pending';

/**
 * /manage/dashboard: the workspace home of every role — identity and certification state, open
 * to-dos, each role's work (counts that open their lists, the next thing to do), organisations,
 * and the sections the user can open (spec §6 table).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  const roles = useSession((s) => s.roles);
  const admin = roles.includes('Admin');
  const dashboard = useDashboard();
  const pendingReviews = useReviews({ status: CERT_STATUS.pending, page: 1, page_size: 1 }, admin);
  const name = profile ? displayName(profile, t) : '';
  const sections = MANAGE_SECTIONS.filter(
    (section) =>
      section.menu && section.key !== 'dashboard' && canUseSection(roles, profile?.verify_state, section.key),
  );

  if (!dashboard.data) {
    return (
      <Card variant="borderless">
        {dashboard.isError ? (
          <LoadError onRetry={() => void dashboard.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Card>
    );
  }
  const data = dashboard.data;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('workspace.dashboard.greeting', { name })}</h1>
        <span className="mb-muted">{t('workspace.dashboard.subtitle')}</span>
      </header>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {/* The work of each role leads: what waits for the reader comes before who they are. */}
        <WorkCards work={data.work} />
        <div className="mb-dash-grid">
          <Card variant="borderless">
            <div className="mb-dash-stat">
              <span className="mb-dash-stat-label">{t('workspace.dashboard.identity')}</span>
              <span className="mb-dash-stat-value">
                {data.role
                  ? t(`roles.${data.role as 'Enterprise'}`)
                  : admin
                    ? t('roles.Admin')
                    : t('workspace.dashboard.noIdentity')}
                <VerifyBadge state={data.verify_state} />
              </span>
              {data.role ? (
                <Link
                  to={
                    ORGANISATION_ROLES.includes(data.role as Role)
                      ? '/account/institute-authentication'
                      : '/account/individual-authentication'
                  }
                >
                  {t('workspace.dashboard.viewCertification')}
                </Link>
              ) : (
                <Link to="/account/individual">{t('workspace.dashboard.account')}</Link>
              )}
            </div>
          </Card>
          <Card variant="borderless">
            <div className="mb-dash-stat">
              <span className="mb-dash-stat-label">{t('workspace.dashboard.todos')}</span>
              <span className="mb-dash-stat-value mb-dash-number" data-testid="dashboard-todo-count">
                {data.todo_count}
              </span>
              <Link to="/manage/todoList">{t('workspace.dashboard.todosLink')}</Link>
            </div>
          </Card>
          <Card variant="borderless">
            <div className="mb-dash-stat">
              <span className="mb-dash-stat-label">{t('workspace.dashboard.organisation')}</span>
              {data.owned_org ? (
                <>
                  <span className="mb-dash-stat-value">
                    {data.owned_org.name}
                    <Tag>{t(`orgStates.${statusName(data.owned_org.status)}`)}</Tag>
                  </span>
                  <Link to="/account/institute">{t('workspace.dashboard.organisationLink')}</Link>
                </>
              ) : (
                <span className="mb-muted">{t('workspace.dashboard.noOrganisation')}</span>
              )}
            </div>
          </Card>
        </div>

        {admin && (
          <Card variant="borderless" title={t('workspace.dashboard.admin')}>
            <Space size={24} wrap>
              <strong>{t('workspace.dashboard.pendingReviews', { total: pendingReviews.data?.total ?? '…' })}</strong>
              <ButtonLink to="/manage/todoList?tab=reviews" type="primary" icon={<CheckSquareOutlined />}>
                {t('workspace.dashboard.reviewNow')}
              </ButtonLink>
              <ButtonLink to="/manage/logs" icon={<AuditOutlined />}>
                {t('workspace.dashboard.logs')}
              </ButtonLink>
              <ButtonLink to="/manage/content" icon={<ReadOutlined />}>
                {t('contentManager.title')}
              </ButtonLink>
            </Space>
          </Card>
        )}

        <Card variant="borderless" title={t('workspace.dashboard.memberships')}>
          {data.memberships.length === 0 ? (
            <p className="mb-muted" style={{ margin: 0 }}>
              {t('workspace.dashboard.noMemberships')}
            </p>
          ) : (
            <ul className="mb-dash-list">
              {data.memberships.map((membership) => (
                <li key={membership.org_id}>
                  <Link to={`/members?id=${membership.org_id}`}>{membership.org_name}</Link>
                  <Tag>{t(`memberStates.${statusName(membership.status)}`)}</Tag>
                  {membership.status === CERT_STATUS.approved && (
                    <LeaveOrganisationButton org={{ id: membership.org_id, name: membership.org_name }} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card variant="borderless" title={t('workspace.dashboard.quickLinks')}>
          <ul className="mb-dash-links">
            {sections.map((section) => (
              <li key={section.key}>
                <Link to={`/manage/${section.key}`} className="mb-dash-link">
                  <RightOutlined aria-hidden />
                  {t(manageSectionTitleKey(section.key))}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/account/individual" className="mb-dash-link">
                <SettingOutlined aria-hidden />
                {t('workspace.dashboard.account')}
              </Link>
            </li>
          </ul>
        </Card>
      </Space>
    </>
  );
}

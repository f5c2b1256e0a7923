import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tabs, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROJECT_STATES, type ProjectState, type ProjectSummary } from '@mathbridge/contracts/research';
import { MscTags } from '../../../components/msc-tags.tsx';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useProjects } from '../api/research.ts';
import { ProjectStatusTag } from '../components/status-tags.tsx';
import { projectPath, useResearchFace } from '../faces.ts';
import '../components/research.css';

type Scope = 'own' | 'joined';

/**
 * `…/list` of every managing face: the viewer's own projects (subjectManage, directionManage), the
 * specialist's custom and joined subjects (subjectManageS, two tabs), the student's directions
 * (directionManageStu); by state, paginated. Admins see every project of the kind and create none.
 */
export default function ProjectListPage() {
  const face = useResearchFace();
  const { t } = useTranslation();
  const locale = useLocale();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const params = useListParams<ProjectState, 'scope'>({ statuses: PROJECT_STATES, filters: ['scope'] });
  const scopes = face.scopes;
  // Admins read every project of the kind (scope own answers all of them to an admin).
  const scope: Scope = admin ? 'own' : (scopes.find((s) => s === params.filters.scope) ?? scopes[0] ?? 'own');
  const { status } = params;
  const list = useProjects(face.kind, { scope, status, page: params.page, page_size: params.pageSize });
  const canCreate = !admin && face.form !== null && scope === 'own';
  const detailOf = (project: ProjectSummary) => projectPath(face, 'detail', project.id, scope === 'own') ?? '';

  const columns: TableProps<ProjectSummary>['columns'] = [
    {
      key: 'title',
      title: t('research.fields.title'),
      render: (_, project) => <Link to={detailOf(project)}>{project.title}</Link>,
    },
    {
      key: 'status',
      title: t('research.fields.status'),
      render: (_, project) => <ProjectStatusTag status={project.status} />,
    },
    ...(scope === 'joined' || admin
      ? [{ key: 'owner', title: t('research.fields.owner'), render: (_: unknown, p: ProjectSummary) => p.owner.name }]
      : []),
    {
      key: 'members',
      title: t('research.fields.members'),
      align: 'end',
      render: (_, project) => t('research.memberCount', { count: project.member_count, headcount: project.headcount }),
      responsive: ['md'],
    },
    {
      key: 'msc',
      title: t('research.fields.msc'),
      render: (_, project) => <MscTags codes={project.msc_fields} />,
      responsive: ['lg'],
    },
    {
      key: 'updated',
      title: t('research.fields.updated'),
      render: (_, project) => formatDateTime(project.updated_at, locale),
      responsive: ['xl'],
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, project) => (
        <Space size="small" wrap>
          <Link to={detailOf(project)}>{t('research.manage.list.view')}</Link>
          {canCreate && project.status === 'draft' && (
            <Link to={`${face.base}/${face.form}/${project.id}`}>{t('common.edit')}</Link>
          )}
        </Space>
      ),
    },
  ];

  const createButton = canCreate ? (
    <Link to={`${face.base}/${face.form}/new`}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="project-create">
        {t(`research.manage.create.${face.kind}`)}
      </Button>
    </Link>
  ) : null;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t(`research.manage.list.title.${face.section}`)}</h1>
        <span className="mb-muted">{t(`research.manage.list.subtitle.${face.section}`)}</span>
      </header>
      {scopes.length > 1 && !admin && (
        <Tabs
          activeKey={scope}
          onChange={(key) => params.setFilters({ scope: key === scopes[0] ? undefined : key }, { status: undefined })}
          items={scopes.map((key) => ({ key, label: t(`research.manage.list.scopes.${face.kind}.${key}`) }))}
        />
      )}
      <Card
        variant="borderless"
        extra={createButton}
        title={
          <StatusTabs<ProjectState | 'all'>
            value={status ?? 'all'}
            onChange={(key) => params.setStatus(key === 'all' ? undefined : key)}
            options={[
              { value: 'all', label: t('research.manage.list.all') },
              ...PROJECT_STATES.map((state) => ({ value: state, label: t(`projectStates.${state}`) })),
            ]}
          />
        }
      >
        <QueryTable<ProjectSummary>
          query={list}
          list={params}
          columns={columns}
          scroll={{ x: 600 }}
          empty={t(status ? 'research.manage.list.empty' : `research.manage.list.emptyAll.${admin ? 'admin' : scope}`)}
          emptyAction={!status && createButton}
        />
      </Card>
    </>
  );
}

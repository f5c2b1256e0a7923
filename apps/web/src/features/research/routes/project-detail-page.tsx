import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ProjectDetail } from '@mathbridge/contracts/research';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useProject } from '../api/research.ts';
import { AuthorityTable } from '../components/authority-table.tsx';
import { MembersPanel } from '../components/members-panel.tsx';
import { PhasesPanel } from '../components/phases-panel.tsx';
import { useProjectActions } from '../components/project-actions.tsx';
import { projectFactItems } from '../components/project-facts.tsx';
import { ProjectOrigin } from '../components/project-origin.tsx';
import { MemberStatusTag, ProjectStatusTag } from '../components/status-tags.tsx';
import { hasScreen, projectPath, useProjectId, useResearchFace, type ResearchFace } from '../faces.ts';
import '../components/research.css';

/**
 * A project's detail in the managing faces: `detail/:id` (subjectManage, directionManage),
 * `detail?id=` (joined: subjectManageS, directionManageStu) and `customSubjectDetail?id=`. The
 * owner moves it through its states and manages its people; members see what their permissions
 * allow; admins read everything.
 */
export default function ProjectDetailPage() {
  return <ProjectDetailScreen />;
}

export interface ProjectDetailScreenProps {
  /**
   * A direction's research questions (features/questions), for its owner and members with
   * review_outcome; the app composes it in (app/routes/research-detail-page.tsx), as a feature
   * imports no other feature.
   */
  questionsPanel?: (project: ProjectDetail) => ReactNode;
}

export function ProjectDetailScreen({ questionsPanel }: ProjectDetailScreenProps) {
  const face = useResearchFace();
  const id = useProjectId();
  const query = useProject(face.kind, id);
  const { t } = useTranslation();
  const navigate = useNavigate();

  if (id !== undefined && query.isPending) return <Skeleton active />;
  if (!query.data) {
    const missing = !query.isError || (isApiError(query.error) && [304, 403, 404].includes(query.error.status));
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={t(missing ? 'research.manage.detail.notFound' : 'common.loadFailed')}
        extra={
          <Space wrap>
            {query.isError && !missing && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <Button onClick={() => navigate(`${face.base}/list`)}>{t('research.manage.toList')}</Button>
          </Space>
        }
      />
    );
  }
  return <ProjectView face={face} project={query.data} questionsPanel={questionsPanel} />;
}

function ProjectView({
  face,
  project,
  questionsPanel,
}: { face: ResearchFace; project: ProjectDetail } & ProjectDetailScreenProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useProjectActions(face, project);
  const owned = project.is_owner;
  const member = project.my_membership?.status === 'member';
  const files = project.space_id !== null ? projectPath(face, 'sharedFile', project.id, owned) : null;
  const authority = projectPath(face, 'authorityManagement', project.id, owned);
  const plan = projectPath(face, 'planOutcomeDetail', project.id, owned);
  const questions = project.kind === 'direction' && (owned || project.my_permissions.includes('review_outcome'));
  // The open tab is in the URL (`?tab=phases`), so to-dos and links can open one.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');

  const tabs = [
    { key: 'members', label: t('research.manage.detail.tabs.members'), children: <MembersPanel project={project} /> },
    {
      key: 'phases',
      label: t('research.manage.detail.tabs.phases'),
      children: (
        <>
          {plan && (
            <p>
              <Link to={plan}>{t('research.manage.detail.openPlan')}</Link>
            </p>
          )}
          <PhasesPanel project={project} />
        </>
      ),
    },
    {
      key: 'files',
      label: t('research.manage.detail.tabs.files'),
      children: files ? (
        <Link to={files} data-testid="project-files">
          {t('research.manage.detail.openFiles')}
        </Link>
      ) : (
        <span className="mb-muted">{t('research.manage.detail.noFiles')}</span>
      ),
    },
    ...(hasScreen(face, 'authorityManagement')
      ? []
      : owned || project.my_permissions.includes('manage_members')
        ? [
            {
              key: 'authority',
              label: t('research.manage.detail.tabs.authority'),
              children: <AuthorityTable project={project} />,
            },
          ]
        : []),
    ...(questions
      ? [
          {
            key: 'questions',
            label: t('research.manage.detail.tabs.questions'),
            children: questionsPanel?.(project),
          },
        ]
      : []),
  ];

  return (
    <>
      <header className="mb-page-header mb-research-header">
        <h1>
          {project.title} <ProjectStatusTag status={project.status} />
        </h1>
        <span className="mb-muted">
          {t(`researchKinds.${project.kind}`)} · {project.owner.name}
        </span>
      </header>
      {!owned && project.my_membership && project.my_membership.status !== 'member' && (
        <Alert
          className="mb-research-card"
          type="info"
          showIcon
          title={<MemberStatusTag status={project.my_membership.status} />}
          description={project.my_membership.reason ?? undefined}
        />
      )}
      <Card
        variant="borderless"
        className="mb-research-card"
        title={t('research.manage.detail.overview')}
        extra={actions.length > 0 ? <div className="mb-research-actions">{actions}</div> : null}
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} items={projectFactItems(project, t, locale)} />
        <ProjectOrigin face={face} project={project} />
        {(owned || member) && authority && (
          <p>
            <Link to={authority} data-testid="project-authority">
              {t('research.manage.detail.openAuthority')}
            </Link>
          </p>
        )}
        <h2 className="mb-section-title">{t('research.fields.summary')}</h2>
        <p className="mb-research-summary">{project.summary}</p>
        <h2 className="mb-section-title">
          {t('research.fields.description')}{' '}
          {project.confidential === 1 && <span className="mb-muted">({t('research.fields.confidential')})</span>}
        </h2>
        {project.description === null ? (
          <Alert type="warning" showIcon title={t('research.confidentialHidden')} />
        ) : (
          <MarkdownView source={project.description} />
        )}
      </Card>
      <Card variant="borderless" className="mb-research-card">
        <Tabs
          items={tabs}
          activeKey={tabs.some((tab) => tab.key === tabParam) ? (tabParam ?? undefined) : tabs[0]?.key}
          onChange={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('tab', key);
                next.delete('question');
                return next;
              },
              { replace: true },
            )
          }
          destroyOnHidden
        />
      </Card>
    </>
  );
}

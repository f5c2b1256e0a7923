import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useProject } from '../api/research.ts';
import { AuthorityTable } from '../components/authority-table.tsx';
import { ProjectStatusTag } from '../components/status-tags.tsx';
import { projectPath, useProjectId, useResearchFace } from '../faces.ts';
import '../components/research.css';

/**
 * `…/authorityManagement/:id`: each member's permissions (edit_plan, upload_files, submit_outcome,
 * review_outcome, manage_members) and the presets; the owner or a member with manage_members
 * changes them, others read them.
 */
export default function AuthorityPage() {
  const face = useResearchFace();
  const id = useProjectId();
  const query = useProject(face.kind, id);
  const { t } = useTranslation();
  const navigate = useNavigate();

  if (id !== undefined && query.isPending) return <Skeleton active />;
  if (query.isError && !(isApiError(query.error) && [304, 403, 404].includes(query.error.status)))
    return <LoadError onRetry={() => void query.refetch()} />;
  const project = query.data;
  if (!project)
    return (
      <Result
        status="404"
        title={t('research.manage.detail.notFound')}
        extra={<Button onClick={() => navigate(`${face.base}/list`)}>{t('research.manage.toList')}</Button>}
      />
    );
  const detail = projectPath(face, 'detail', project.id, project.is_owner);
  return (
    <>
      <header className="mb-page-header mb-research-header">
        <h1>{t('research.manage.authority.title')}</h1>
        <Space wrap className="mb-muted">
          {detail ? <Link to={detail}>{project.title}</Link> : project.title}
          <ProjectStatusTag status={project.status} />
        </Space>
      </header>
      <Card variant="borderless" className="mb-research-card">
        <p className="mb-muted">{t('research.manage.authority.help')}</p>
        <AuthorityTable project={project} />
      </Card>
    </>
  );
}

import { Button, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectDetail } from '@mathbridge/contracts/research';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useProject } from '../api/research.ts';
import { projectPath, useProjectId, useResearchFace } from '../faces.ts';
import { ProjectStatusTag } from './status-tags.tsx';
import './join.css';

/**
 * A page about one project of the current face (shared files, phases): a back link to the project,
 * its title as the heading with `subtitle` under it, then `children` once the project has loaded;
 * loading and not-found states (with a retry after a failed load) in between.
 */
export function JoinProjectPage({
  subtitle,
  children,
}: {
  subtitle: string;
  children: (project: ProjectDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const face = useResearchFace();
  const id = useProjectId();
  const query = useProject(face.kind, id);
  const list = `${face.base}/list`;

  if (id !== undefined && query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!query.data)
    return (
      <Result
        status="404"
        title={t('research.join.detail.notFound')}
        extra={
          <Space wrap>
            {query.isError && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <ButtonLink to={list}>{t('research.join.back.list')}</ButtonLink>
          </Space>
        }
      />
    );
  const project = query.data;
  const detail = projectPath(face, 'detail', project.id, project.is_owner) ?? list;
  return (
    <>
      <Link className="mb-join-back" to={detail} data-testid="back-to-project">
        {t('research.join.back.project')}
      </Link>
      <header className="mb-page-header">
        <h1 className="mb-join-title">
          {project.title} <ProjectStatusTag status={project.status} />
        </h1>
        <span className="mb-muted">{subtitle}</span>
      </header>
      {children(project)}
    </>
  );
}

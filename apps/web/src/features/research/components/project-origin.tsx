import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectDetail } from '@mathbridge/contracts/research';
import { useQuery } from '@tanstack/react-query';
import { demandEndpoints } from '@mathbridge/contracts/endpoints/demands';
import { api } from '../../../lib/api-client.ts';
import type { ResearchFace } from '../faces.ts';

/**
 * The link back of a subject started from a cooperation (demand → solution → subject): the
 * institute that owns it opens the demand in its own face; others read where it came from.
 */
export function ProjectOrigin({ face, project }: { face: ResearchFace; project: ProjectDetail }) {
  const { t } = useTranslation();
  const linked = face.section === 'subjectManage' && project.is_owner && project.demand_id !== null;
  const demand = useQuery({
    queryKey: ['research', 'origin', project.demand_id],
    queryFn: ({ signal }) => api.call(demandEndpoints.detail, { id: project.demand_id ?? 0 }, { signal }),
    enabled: linked,
  });
  if (project.demand_id === null) return null;
  const title = demand.data?.demand.title;
  return (
    <p className="mb-research-origin" data-testid="project-origin">
      <LinkOutlined aria-hidden />{' '}
      {linked ? (
        <Link to={`/manage/demandManageRI/detail/${project.demand_id}#cooperation`}>
          {title ? t('research.fromSolution', { title }) : t('research.manage.detail.fromCooperation')}
        </Link>
      ) : (
        t('research.manage.detail.fromCooperation')
      )}
    </p>
  );
}

import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectDetail, ProjectState } from '@mathbridge/contracts/research';
import { followDownload } from '../../../lib/download.ts';
import { notify } from '../../../lib/notify.ts';
import { useDownloadDeliverables, useMoveProject, useRespond, type ProjectMove } from '../api/research.ts';
import { projectPath, type ResearchFace } from '../faces.ts';

/** The owner's moves by state (DESIGN §4); `toggle` pauses or resumes recruiting. */
const MOVES: Record<ProjectState, readonly ProjectMove[]> = {
  draft: ['commit', 'close'],
  published: ['toggle', 'start', 'close'],
  paused: ['toggle', 'start', 'close'],
  in_progress: ['conclude', 'close'],
  concluded: [],
  closed: [],
};
/** Moves that end something: asked twice (a confirmation). */
type Confirmed = 'close' | 'conclude' | 'start';
const isConfirmed = (step: ProjectMove): step is Confirmed =>
  step === 'close' || step === 'conclude' || step === 'start';
/** A move's words: `toggle` reads by the state it leaves (pause a recruiting project, resume a paused one). */
const moveKey = (step: ProjectMove, status: ProjectState) =>
  step !== 'toggle' ? step : status === 'paused' ? ('paused' as const) : ('published' as const);

/**
 * The buttons of a project's detail: the owner's state moves, edit, download of the deliverables
 * (owner and members), and a member's leave, each destructive one after a confirmation.
 */
export function useProjectActions(face: ResearchFace, project: ProjectDetail): ReactNode[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const move = useMoveProject(project.kind);
  const respond = useRespond(project.kind);
  const download = useDownloadDeliverables(project.kind);
  const buttons: ReactNode[] = [];
  const member = !project.is_owner && project.my_membership?.status === 'member';

  const run = async (step: ProjectMove) => {
    await move.mutateAsync({ id: project.id, move: step });
    notify.success(t(`research.manage.moves.done.${moveKey(step, project.status)}`));
  };
  const label = (step: ProjectMove) => t(`research.manage.moves.${moveKey(step, project.status)}`);

  if (project.is_owner) {
    if (project.status === 'draft' && face.form)
      buttons.push(
        <Button
          key="edit"
          onClick={() => navigate(`${face.base}/${face.form}/${project.id}`)}
          data-testid="project-edit"
        >
          {t('common.edit')}
        </Button>,
      );
    if (['published', 'paused', 'in_progress'].includes(project.status)) {
      const path = projectPath(face, 'edit', project.id);
      if (path)
        buttons.push(
          <Button key="edit" onClick={() => navigate(path)} data-testid="project-edit">
            {t('common.edit')}
          </Button>,
        );
    }
    for (const step of MOVES[project.status])
      buttons.push(
        <Button
          key={step}
          type={step === 'commit' || step === 'start' || step === 'conclude' ? 'primary' : 'default'}
          danger={step === 'close'}
          loading={move.isPending && move.variables?.move === step}
          data-testid={`move-${step}`}
          onClick={() =>
            isConfirmed(step)
              ? notify.confirm({
                  title: label(step),
                  content: t(`research.manage.moves.confirm.${step}`, { title: project.title }),
                  okText: label(step),
                  okButtonProps: { danger: step === 'close' },
                  cancelText: t('common.cancel'),
                  onOk: () => run(step),
                })
              : void run(step).catch(() => undefined)
          }
        >
          {label(step)}
        </Button>,
      );
  }
  if ((project.is_owner || member) && project.status !== 'draft')
    buttons.push(
      <Button
        key="download"
        loading={download.isPending}
        data-testid="project-download"
        onClick={() =>
          void download.mutateAsync(project.id).then(
            (link) => followDownload(link.url),
            () => undefined,
          )
        }
      >
        {t('research.manage.detail.download')}
      </Button>,
    );
  if (member && ['published', 'paused', 'in_progress'].includes(project.status))
    buttons.push(
      <Button
        key="leave"
        danger
        data-testid="project-leave"
        onClick={() =>
          notify.confirm({
            title: t('research.manage.detail.leave'),
            content: t('research.manage.detail.leaveConfirm', { title: project.title }),
            okText: t('research.manage.detail.leave'),
            okButtonProps: { danger: true },
            cancelText: t('common.cancel'),
            onOk: async () => {
              await respond.mutateAsync({ id: project.id, response: 'leave' });
              notify.success(t('research.manage.detail.left'));
              navigate(`${face.base}/list`);
            },
          })
        }
      >
        {t('research.manage.detail.leave')}
      </Button>,
    );
  return buttons;
}

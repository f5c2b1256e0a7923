import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberState, PhaseState, ProjectState } from '@mathbridge/contracts/research';

const PROJECT_COLORS: Record<ProjectState, string> = {
  draft: 'default',
  published: 'success',
  paused: 'warning',
  in_progress: 'processing',
  concluded: 'purple',
  closed: 'default',
};
const MEMBER_COLORS: Record<MemberState, string> = {
  applied: 'processing',
  member: 'success',
  refused: 'error',
  invited: 'gold',
  declined: 'default',
  left: 'default',
  removed: 'warning',
};
const PHASE_COLORS: Record<PhaseState, string> = {
  planned: 'default',
  submitted: 'processing',
  accepted: 'success',
  revision_requested: 'warning',
};

/** A subject's or direction's state (DESIGN §4). */
export function ProjectStatusTag({ status }: { status: ProjectState }) {
  const { t } = useTranslation();
  return (
    <Tag color={PROJECT_COLORS[status]} data-testid="project-status">
      {t(`projectStates.${status}`)}
    </Tag>
  );
}

export function MemberStatusTag({ status }: { status: MemberState }) {
  const { t } = useTranslation();
  return <Tag color={MEMBER_COLORS[status]}>{t(`researchMemberStates.${status}`)}</Tag>;
}

export function PhaseStatusTag({ status }: { status: PhaseState }) {
  const { t } = useTranslation();
  return (
    <Tag color={PHASE_COLORS[status]} data-testid="phase-status">
      {t(`phaseStates.${status}`)}
    </Tag>
  );
}

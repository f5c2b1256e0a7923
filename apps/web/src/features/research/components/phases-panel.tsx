import { Button, Card, Empty, Skeleton, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail, ResearchOutcome, ResearchPhase } from '@mathbridge/contracts/research';
import { LoadError } from '../../../components/load-error.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { NotebookDeliverables } from '../../../components/notebook-deliverables.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePhases } from '../api/research.ts';
import { OutcomeReviewModal, OutcomeSubmitModal, PhasePlanModal } from './phase-modals.tsx';
import { AttachmentList } from '../../../components/space-attachments.tsx';
import { PhaseStatusTag } from './status-tags.tsx';
import './join.css';

export interface PhasesPanelProps {
  project: ProjectDetail;
}

/** Plans change while the project has not ended (the server's rule; it answers 409 otherwise). */
const PLANNING = ['draft', 'published', 'paused', 'in_progress'];

type Dialog =
  | { kind: 'plan'; phase?: ResearchPhase }
  | { kind: 'submit'; phase: ResearchPhase }
  | { kind: 'review'; phase: ResearchPhase }
  | null;

/** A user's name among the project's owner and members (the id when they have left the list). */
function nameOf(project: ProjectDetail, userId: number | null): string {
  if (userId === null) return '';
  if (userId === project.owner.user_id) return project.owner.name;
  return project.members.find((member) => member.user_id === userId)?.name ?? `#${userId}`;
}

const OUTCOME_COLORS: Record<ResearchOutcome['status'], string> = {
  submitted: 'blue',
  accepted: 'green',
  revision_requested: 'orange',
};

/** Every submission of a phase and its review, oldest first. */
function OutcomeHistory({ project, outcomes }: { project: ProjectDetail; outcomes: ResearchOutcome[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (outcomes.length === 0) return <p className="mb-muted">{t('research.join.outcome.none')}</p>;
  return (
    <Timeline
      className="mb-phase-history"
      items={outcomes.map((outcome, index) => ({
        key: outcome.id,
        color: OUTCOME_COLORS[outcome.status],
        content: (
          <div data-testid="outcome">
            <div className="mb-phase-outcome-head">
              <strong>{t('research.join.outcome.round', { n: index + 1 })}</strong>
              <PhaseStatusTag status={outcome.status} />
              <span className="mb-muted">
                {t('research.join.outcome.by', {
                  name: nameOf(project, outcome.submitted_by),
                  date: formatDateTime(outcome.created_at, locale),
                })}
              </span>
            </div>
            <MarkdownView source={outcome.content} />
            {outcome.attachments.length > 0 && <AttachmentList items={outcome.attachments} />}
            {outcome.reviewed_at && (
              <div className="mb-phase-review" data-testid="outcome-review">
                <div className="mb-muted">
                  {t('research.join.outcome.reviewedBy', {
                    name: nameOf(project, outcome.reviewed_by),
                    date: formatDateTime(outcome.reviewed_at, locale),
                  })}
                </div>
                {outcome.review_comment && <div>{outcome.review_comment}</div>}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}

function PhaseCard({
  project,
  phase,
  onOpen,
}: {
  project: ProjectDetail;
  phase: ResearchPhase;
  onOpen: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const me = useSession((s) => s.profile?.info.id);
  const may = (permission: ProjectDetail['my_permissions'][number]) =>
    project.is_owner || project.my_permissions.includes(permission);
  const canEdit = may('edit_plan') && phase.status === 'planned' && PLANNING.includes(project.status);
  const canSubmit =
    may('submit_outcome') &&
    project.status === 'in_progress' &&
    (phase.status === 'planned' || phase.status === 'revision_requested') &&
    (phase.assignees.length === 0 || (me !== undefined && phase.assignees.includes(me)));
  const canReview = may('review_outcome') && phase.status === 'submitted' && project.status === 'in_progress';
  return (
    <Card size="small" data-testid="phase" data-phase-title={phase.title} data-status={phase.status}>
      <div className="mb-phase-head">
        <h3 className="mb-phase-title">
          {t('research.join.phases.numbered', { n: phase.position, title: phase.title })}
        </h3>
        <PhaseStatusTag status={phase.status} />
        <div className="mb-phase-actions">
          {canEdit && (
            <Button data-testid="phase-edit" onClick={() => onOpen({ kind: 'plan', phase })}>
              {t('research.join.phases.edit')}
            </Button>
          )}
          {canSubmit && (
            <Button type="primary" data-testid="phase-submit" onClick={() => onOpen({ kind: 'submit', phase })}>
              {phase.status === 'revision_requested'
                ? t('research.join.outcome.resubmit')
                : t('research.join.outcome.submit')}
            </Button>
          )}
          {canReview && (
            <Button type="primary" data-testid="phase-review" onClick={() => onOpen({ kind: 'review', phase })}>
              {t('research.join.review.open')}
            </Button>
          )}
        </div>
      </div>
      <div className="mb-phase-meta mb-muted">
        <span>
          {phase.due_date
            ? t('research.join.phases.dueOn', { date: formatDay(phase.due_date, locale) })
            : t('research.join.phases.noDue')}
        </span>
        <span>
          {phase.assignees.length > 0
            ? t('research.join.phases.assignedTo', {
                names: phase.assignees.map((id) => nameOf(project, id)).join(t('research.join.phases.nameSeparator')),
              })
            : t('research.join.phases.anyMember')}
        </span>
      </div>
      <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{phase.goal}</div>
      <OutcomeHistory project={project} outcomes={phase.outcomes} />
      {/* Notebooks delivered with the phase's outcome (issue 12): the project's owner and members attach them. */}
      <NotebookDeliverables
        target="phase"
        targetId={phase.id}
        canAttach={project.is_owner || project.my_membership?.status === 'member'}
      />
    </Card>
  );
}

/**
 * A project's phases with their outcomes (planOutcomeDetail): plan, submit, review, history. Shown
 * on its own page where the face routes planOutcomeDetail, and inside the detail page elsewhere.
 * The buttons follow the viewer's permissions (is_owner, my_permissions); the server decides.
 */
export function PhasesPanel({ project }: PhasesPanelProps) {
  const { t } = useTranslation();
  const phases = usePhases(project.kind, project.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canPlan =
    (project.is_owner || project.my_permissions.includes('edit_plan')) && PLANNING.includes(project.status);
  const planButton = canPlan && (
    <Button type="primary" onClick={() => setDialog({ kind: 'plan' })} data-testid="plan-phase">
      {t('research.join.phases.plan')}
    </Button>
  );

  let body;
  if (phases.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (phases.isError) body = <LoadError onRetry={() => void phases.refetch()} />;
  else if (phases.data.length === 0)
    body = (
      <Card variant="borderless">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('research.join.phases.empty')}>
          {planButton}
        </Empty>
      </Card>
    );
  else
    body = (
      <>
        {planButton && <div className="mb-phase-toolbar">{planButton}</div>}
        {project.status !== 'in_progress' && <p className="mb-muted">{t('research.join.phases.notRunning')}</p>}
        <div className="mb-phase-list">
          {phases.data.map((phase) => (
            <PhaseCard key={phase.id} project={project} phase={phase} onOpen={setDialog} />
          ))}
        </div>
      </>
    );

  return (
    <section data-testid="phases-panel">
      {body}
      {dialog?.kind === 'plan' && (
        <PhasePlanModal project={project} phase={dialog.phase} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'submit' && (
        <OutcomeSubmitModal project={project} phase={dialog.phase} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'review' && (
        <OutcomeReviewModal project={project} phase={dialog.phase} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

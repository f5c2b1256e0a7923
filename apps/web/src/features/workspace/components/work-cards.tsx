import { FileAddOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { businessToday, type DemandState } from '@mathbridge/contracts/demands';
import type { ProjectState } from '@mathbridge/contracts/research';
import type { SolutionState } from '@mathbridge/contracts/solutions';
import { PHASE_DUE_DAYS, type DashboardWork, type PhasesDue } from '@mathbridge/contracts/workflow';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDay } from '../../../lib/format.ts';

/** The states of live work each count shows (ended ones — closed, concluded… — stay on the lists). */
const DEMAND_WORK_STATES = [
  'draft',
  'submitted',
  'rejected',
  'published',
  'paused',
] as const satisfies readonly DemandState[];
const SOLUTION_WORK_STATES = ['draft', 'submitted', 'accepted', 'declined'] as const satisfies readonly SolutionState[];
const PROJECT_WORK_STATES = ['draft', 'published', 'paused', 'in_progress'] as const satisfies readonly ProjectState[];

interface CountProps {
  to: string;
  label: string;
  count: number;
  /** A count of things waiting for the reader: marked while above zero. */
  waiting?: boolean;
  testId: string;
}

/** One count that opens the list it counts, filtered the same way (a real link: keyboard, middle-click). */
function Count({ to, label, count, waiting, testId }: CountProps) {
  return (
    <li>
      <Link
        to={to}
        className={`mb-work-count${waiting && count > 0 ? ' mb-work-count-waiting' : ''}`}
        data-testid={testId}
      >
        <span className="mb-work-count-label">{label}</span>
        <strong>{count}</strong>
      </Link>
    </li>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-work-group">
      <h3>{title}</h3>
      <ul className="mb-work-counts">{children}</ul>
    </section>
  );
}

/** The counts of one state machine: a count per live state, each opening `list?status=<state>`. */
function StateCounts<S extends string>({
  title,
  counts,
  states,
  list,
  stateLabel,
  testId,
}: {
  title: string;
  counts: Record<S, number>;
  states: readonly S[];
  list: string;
  stateLabel: (state: S) => string;
  testId: string;
}) {
  return (
    <Group title={title}>
      {states.map((state) => (
        <Count
          key={state}
          to={`${list}?status=${state}`}
          label={stateLabel(state)}
          count={counts[state]}
          testId={`${testId}-${state}`}
        />
      ))}
    </Group>
  );
}

/** The nearest phases the reader owes, each opening where it is handed in; late ones say so. */
function DuePhases({ due, testId }: { due: PhasesDue; testId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const today = businessToday();
  return (
    <section className="mb-work-group" data-testid={testId}>
      <h3>
        {t('workspace.dashboard.work.phasesDue', { days: PHASE_DUE_DAYS })}
        <span className={`mb-work-badge${due.count > 0 ? ' mb-work-badge-waiting' : ''}`}>{due.count}</span>
      </h3>
      {due.count === 0 ? (
        <p className="mb-muted mb-work-empty">{t('workspace.dashboard.work.noPhasesDue', { days: PHASE_DUE_DAYS })}</p>
      ) : (
        <ul className="mb-work-phases">
          {due.next.map((phase) => {
            const late = phase.due_date < today;
            const date = formatDay(phase.due_date, locale);
            return (
              <li key={phase.id}>
                <Link to={phase.path}>{phase.title}</Link>
                <span className="mb-muted mb-work-phase-project">{phase.project.title}</span>
                <span className={late ? 'mb-work-late' : 'mb-muted'}>
                  {late ? t('workspace.dashboard.work.overdue', { date }) : t('workspace.dashboard.work.due', { date })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {due.count > due.next.length && (
        <p className="mb-muted mb-work-empty">
          {t('workspace.dashboard.work.morePhases', { count: due.count - due.next.length })}
        </p>
      )}
    </section>
  );
}

function EnterpriseWork({ work }: { work: NonNullable<DashboardWork['enterprise']> }) {
  const { t } = useTranslation();
  if (work.first_demand)
    return (
      <div className="mb-work-first" data-testid="first-demand-call">
        <FileAddOutlined className="mb-work-first-icon" aria-hidden />
        <div>
          <h3>{t('workspace.dashboard.work.firstDemand.title')}</h3>
          <p className="mb-muted">{t('workspace.dashboard.work.firstDemand.text')}</p>
          <ButtonLink to="/manage/demandManage/demandForm/new" type="primary" size="large">
            {t('workspace.dashboard.work.firstDemand.action')}
          </ButtonLink>
        </div>
      </div>
    );
  return (
    <>
      <Group title={t('workspace.dashboard.work.needsYou')}>
        <Count
          to="/manage/todoList?kind=solutionReview"
          label={t('workspace.dashboard.work.solutionsAwaiting')}
          count={work.solutions_awaiting}
          waiting
          testId="work-solutions-awaiting"
        />
        <Count
          to="/manage/demandManage/list?cooperating=1"
          label={t('workspace.dashboard.work.cooperations')}
          count={work.cooperations}
          testId="work-cooperations"
        />
      </Group>
      <StateCounts<DemandState>
        title={t('workspace.dashboard.work.demands')}
        counts={work.demands}
        states={DEMAND_WORK_STATES}
        list="/manage/demandManage/list"
        stateLabel={(state) => t(`demandStates.${state}`)}
        testId="work-demands"
      />
    </>
  );
}

function InstituteWork({ work }: { work: NonNullable<DashboardWork['institute']> }) {
  const { t } = useTranslation();
  return (
    <>
      <Group title={t('workspace.dashboard.work.needsYou')}>
        <Count
          to="/manage/demandManageRI/list?received=1"
          label={t('workspace.dashboard.work.demandsReceived')}
          count={work.demands_received}
          waiting
          testId="work-demands-received"
        />
      </Group>
      <StateCounts<SolutionState>
        title={t('workspace.dashboard.work.solutions')}
        counts={work.solutions}
        states={SOLUTION_WORK_STATES}
        list="/manage/solutions"
        stateLabel={(state) => t(`solutionStates.${state}`)}
        testId="work-solutions"
      />
      <StateCounts<ProjectState>
        title={t('workspace.dashboard.work.subjects')}
        counts={work.subjects}
        states={PROJECT_WORK_STATES}
        list="/manage/subjectManage/list"
        stateLabel={(state) => t(`projectStates.${state}`)}
        testId="work-subjects"
      />
    </>
  );
}

function SpecialistWork({ work }: { work: NonNullable<DashboardWork['specialist']> }) {
  const { t } = useTranslation();
  return (
    <>
      <Group title={t('workspace.dashboard.work.needsYou')}>
        <Count
          to="/manage/todoList?kind=researchApply"
          label={t('workspace.dashboard.work.applications')}
          count={work.applications}
          waiting
          testId="work-applications"
        />
        <Count
          to="/manage/todoList?kind=researchInvite"
          label={t('workspace.dashboard.work.invitations')}
          count={work.invitations}
          waiting
          testId="work-invitations"
        />
      </Group>
      <DuePhases due={work.phases_due} testId="work-phases-due" />
      <StateCounts<ProjectState>
        title={t('workspace.dashboard.work.customSubjects')}
        counts={work.subjects}
        states={PROJECT_WORK_STATES}
        list="/manage/subjectManageS/list"
        stateLabel={(state) => t(`projectStates.${state}`)}
        testId="work-custom-subjects"
      />
      <StateCounts<ProjectState>
        title={t('workspace.dashboard.work.directions')}
        counts={work.directions}
        states={PROJECT_WORK_STATES}
        list="/manage/directionManage/list"
        stateLabel={(state) => t(`projectStates.${state}`)}
        testId="work-directions"
      />
      <Group title={t('workspace.dashboard.work.overview')}>
        <Count
          to="/manage/subjectManageS/list?scope=joined"
          label={t('workspace.dashboard.work.subjectsJoined')}
          count={work.subjects_joined}
          testId="work-subjects-joined"
        />
      </Group>
    </>
  );
}

function StudentWork({ work }: { work: NonNullable<DashboardWork['student']> }) {
  const { t } = useTranslation();
  return (
    <>
      <Group title={t('workspace.dashboard.work.needsYou')}>
        <Count
          to="/manage/researchQuestions?status=assigned"
          label={t('workspace.dashboard.work.questionsAssigned')}
          count={work.questions.assigned}
          waiting
          testId="work-questions-assigned"
        />
        <Count
          to="/manage/researchQuestions?status=returned"
          label={t('workspace.dashboard.work.questionsReturned')}
          count={work.questions.returned}
          waiting
          testId="work-questions-returned"
        />
        <Count
          to="/manage/todoList?kind=researchInvite"
          label={t('workspace.dashboard.work.invitations')}
          count={work.invitations}
          waiting
          testId="work-invitations"
        />
      </Group>
      <DuePhases due={work.phases_due} testId="work-phases-due" />
      <Group title={t('workspace.dashboard.work.overview')}>
        <Count
          to="/manage/directionManageStu/list"
          label={t('workspace.dashboard.work.directionsJoined')}
          count={work.directions}
          testId="work-directions-joined"
        />
      </Group>
    </>
  );
}

/**
 * The dashboard's work: a card per role the reader holds, each count a link to the list it counts
 * (filtered the same way), and for an enterprise without demands the call to publish its first.
 */
export function WorkCards({ work }: { work: DashboardWork }) {
  const { t } = useTranslation();
  const cards: { key: string; role: 'Enterprise' | 'ResearchInstitute' | 'Specialist' | 'Student'; body: ReactNode }[] =
    [];
  if (work.enterprise)
    cards.push({ key: 'enterprise', role: 'Enterprise', body: <EnterpriseWork work={work.enterprise} /> });
  if (work.institute)
    cards.push({ key: 'institute', role: 'ResearchInstitute', body: <InstituteWork work={work.institute} /> });
  if (work.specialist)
    cards.push({ key: 'specialist', role: 'Specialist', body: <SpecialistWork work={work.specialist} /> });
  if (work.student) cards.push({ key: 'student', role: 'Student', body: <StudentWork work={work.student} /> });
  if (cards.length === 0) return null;
  return (
    <div className="mb-work-grid">
      {cards.map((card) => (
        <Card
          key={card.key}
          variant="borderless"
          title={t('workspace.dashboard.work.title', { role: t(`roles.${card.role}`) })}
          data-testid={`work-${card.key}`}
        >
          {card.body}
        </Card>
      ))}
    </div>
  );
}

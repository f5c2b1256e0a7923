import { Button, Card, Empty, Grid, Table, type TableProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  QUESTION_ASSIGNEE_STATES,
  type QuestionAssigneeState,
  type ResearchQuestion,
} from '@mathbridge/contracts/research';
import { LoadError } from '../../../components/load-error.tsx';
import { StatusTabs } from '../../../components/query-table.tsx';
import { useMyQuestions } from '../api/questions.ts';
import { QuestionDrawer } from '../components/question-drawer.tsx';
import { DueDate, QuestionStateTag } from '../components/status-tags.tsx';
import '../components/questions.css';

type Filter = QuestionAssigneeState | 'all';

/** The caller's own state of a question (question/mine carries only their row). */
const stateOf = (question: ResearchQuestion): QuestionAssigneeState => question.assignees[0]?.status ?? 'assigned';
const owes = (state: QuestionAssigneeState) => state === 'assigned' || state === 'returned';

/**
 * /manage/researchQuestions (students): the questions posed to the caller across their directions,
 * by state; `?question=ID` opens one (to-dos link there) to answer it and see its reviews.
 */
export default function ResearchQuestionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mine = useMyQuestions();
  const screens = Grid.useBreakpoint();

  const requested = params.get('status');
  const filter: Filter = QUESTION_ASSIGNEE_STATES.includes(requested as QuestionAssigneeState)
    ? (requested as QuestionAssigneeState)
    : 'all';
  const openId = Number(params.get('question')) || null;
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'status' },
    );

  const questions = useMemo(() => mine.data ?? [], [mine.data]);
  const counts = useMemo(() => {
    const byState = Object.fromEntries(QUESTION_ASSIGNEE_STATES.map((s) => [s, 0])) as Record<
      QuestionAssigneeState,
      number
    >;
    for (const question of questions) byState[stateOf(question)] += 1;
    return byState;
  }, [questions]);
  const shown = filter === 'all' ? questions : questions.filter((q) => stateOf(q) === filter);

  const open = (question: ResearchQuestion) => setParam('question', String(question.id));
  const columns: TableProps<ResearchQuestion>['columns'] = [
    {
      key: 'title',
      title: t('questions.mine.columns.title'),
      render: (_, q) => (
        <>
          <Button type="link" className="mb-question-link" onClick={() => open(q)}>
            {q.title}
          </Button>
          {/* A phone has no due date column: the day (and whether it has passed) follows the title. */}
          {!screens.sm && <DueDate day={q.due_date} owed={owes(stateOf(q))} />}
        </>
      ),
    },
    {
      key: 'direction',
      title: t('questions.mine.columns.direction'),
      render: (_, q) => q.project_title,
      responsive: ['md'],
    },
    {
      key: 'due',
      title: t('questions.mine.columns.due'),
      render: (_, q) => <DueDate day={q.due_date} owed={owes(stateOf(q))} />,
      responsive: ['sm'],
    },
    {
      key: 'status',
      title: t('questions.mine.columns.status'),
      render: (_, q) => <QuestionStateTag status={stateOf(q)} />,
    },
  ];

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('manage.sections.researchQuestions')}</h1>
        <span className="mb-muted">{t('questions.mine.subtitle')}</span>
      </header>
      <Card
        variant="borderless"
        className="mb-questions-card"
        title={
          <StatusTabs<Filter>
            value={filter}
            onChange={(key) => setParam('status', key === 'all' ? null : key)}
            options={[
              { value: 'all', label: t('questions.mine.all'), count: mine.data ? questions.length : undefined },
              ...QUESTION_ASSIGNEE_STATES.map((state) => ({
                value: state,
                label: t(`questions.states.${state}`),
                count: mine.data ? counts[state] : undefined,
              })),
            ]}
          />
        }
      >
        {mine.isError ? (
          <LoadError onRetry={() => void mine.refetch()} />
        ) : (
          <Table<ResearchQuestion>
            rowKey="id"
            loading={mine.isPending}
            dataSource={shown}
            columns={columns}
            pagination={shown.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            data-testid="my-questions"
            locale={{
              emptyText: mine.isPending ? (
                ' '
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filter === 'all' ? t('questions.mine.emptyAll') : t('questions.mine.empty')}
                />
              ),
            }}
          />
        )}
      </Card>
      <QuestionDrawer id={openId} side="student" onClose={() => setParam('question', null)} />
    </>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Grid, Space, Table, Tag, type TableProps } from 'antd';
import { Segmented } from '../../../components/segmented.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  QUESTION_ASSIGNEE_STATES,
  type ProjectDetail,
  type ResearchQuestion,
  type StudentProgress,
} from '@mathbridge/contracts/research';
import { LoadError } from '../../../components/load-error.tsx';
import { useProjectQuestions, useQuestionProgress } from '../api/questions.ts';
import { QuestionDrawer } from './question-drawer.tsx';
import { QuestionFormModal } from './question-form-modal.tsx';
import { DueDate, QuestionStateTag } from './status-tags.tsx';
import './questions.css';

export interface QuestionsPanelProps {
  /** A direction whose viewer may pose and review questions (its owner, or a member with review_outcome). */
  project: ProjectDetail;
}

type View = 'questions' | 'progress';

/**
 * The research questions of a direction, for its owner (or a reviewer): pose and edit questions,
 * review the answers (accept, or return with a comment), follow each student's progress.
 * `?question=ID` on the page's URL opens one question's answers (the review to-do links there).
 */
export function QuestionsPanel({ project }: QuestionsPanelProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>('questions');
  const [editing, setEditing] = useState<ResearchQuestion | 'new' | null>(null);
  const list = useProjectQuestions(project.id);
  const progress = useQuestionProgress(project.id, view === 'progress');

  const openId = Number(params.get('question')) || null;
  const setOpen = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('question');
      else next.set('question', String(id));
      return next;
    });
  const screens = Grid.useBreakpoint();
  const hasMembers = project.members.some((m) => m.status === 'member');

  const columns: TableProps<ResearchQuestion>['columns'] = [
    {
      key: 'title',
      title: t('questions.panel.columns.title'),
      render: (_, q) => (
        <>
          <Button type="link" className="mb-question-link" onClick={() => setOpen(q.id)}>
            {q.title}
          </Button>
          {/* A phone has no room for the students' column: they follow the title. */}
          {!screens.sm && <Assignees question={q} />}
        </>
      ),
    },
    {
      key: 'due',
      title: t('questions.panel.columns.due'),
      render: (_, q) => <DueDate day={q.due_date} owed={q.assignees.some((a) => a.status === 'assigned')} />,
      responsive: ['md'],
    },
    {
      key: 'assignees',
      title: t('questions.panel.columns.assignees'),
      render: (_, q) => <Assignees question={q} />,
      responsive: ['sm'],
    },
    {
      key: 'actions',
      title: t('questions.panel.columns.actions'),
      render: (_, q) => {
        const waiting = q.assignees.filter((a) => a.status === 'answered').length;
        return (
          <Space wrap size={4}>
            <Button size="small" type={waiting > 0 ? 'primary' : 'default'} onClick={() => setOpen(q.id)}>
              {waiting > 0 ? t('questions.panel.waiting', { count: waiting }) : t('questions.panel.open')}
            </Button>
            <Button size="small" onClick={() => setEditing(q)} data-testid="question-edit">
              {t('questions.panel.edit')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <section className="mb-questions-panel" data-testid="questions-panel">
      <p className="mb-muted">{t('questions.panel.subtitle')}</p>
      <div className="mb-questions-panel-head">
        <Segmented<View>
          label={t('questions.panel.view')}
          value={view}
          onChange={setView}
          options={[
            { value: 'questions', label: t('questions.panel.questionsTab') },
            { value: 'progress', label: t('questions.panel.progressTab') },
          ]}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          disabled={!hasMembers}
          data-testid="question-pose"
        >
          {t('questions.panel.pose')}
        </Button>
      </div>
      {!hasMembers && (
        <Alert type="info" showIcon title={t('questions.panel.noStudents')} style={{ marginBottom: 12 }} />
      )}
      {view === 'questions' ? (
        list.isError ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : (
          <Table<ResearchQuestion>
            rowKey="id"
            loading={list.isPending}
            dataSource={list.data ?? []}
            columns={columns}
            pagination={(list.data?.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            data-testid="questions-list"
            locale={{
              emptyText: list.isPending ? (
                ' '
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('questions.panel.empty')} />
              ),
            }}
          />
        )
      ) : (
        <ProgressTable query={progress} />
      )}
      {editing && (
        <QuestionFormModal
          project={project}
          question={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <QuestionDrawer id={openId} side="reviewer" onClose={() => setOpen(null)} />
    </section>
  );
}

/** Each assignee with their state of the question. */
function Assignees({ question }: { question: ResearchQuestion }) {
  return (
    <Space wrap size={4} className="mb-question-assignees">
      {question.assignees.map((a) => (
        <Tag key={a.user_id} variant="outlined">
          {a.name} <QuestionStateTag status={a.status} />
        </Tag>
      ))}
    </Space>
  );
}

/** Per student: how many questions in each state, and each question's latest state. */
function ProgressTable({ query }: { query: ReturnType<typeof useQuestionProgress> }) {
  const { t } = useTranslation();
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const columns: TableProps<StudentProgress>['columns'] = [
    { key: 'student', title: t('questions.progress.student'), render: (_, p) => <strong>{p.name}</strong> },
    ...QUESTION_ASSIGNEE_STATES.map((state) => ({
      key: state,
      title: t(`questions.states.${state}`),
      align: 'center' as const,
      render: (_: unknown, p: StudentProgress) => p.counts[state],
    })),
    {
      key: 'latest',
      title: t('questions.progress.latest'),
      responsive: ['md'],
      render: (_, p) => (
        <div className="mb-question-progress-list">
          {p.questions.map((q) => (
            <span key={q.question_id}>
              {q.title} <QuestionStateTag status={q.status} />
            </span>
          ))}
        </div>
      ),
    },
  ];
  return (
    <Table<StudentProgress>
      rowKey="user_id"
      loading={query.isPending}
      dataSource={query.data ?? []}
      columns={columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="questions-progress"
      locale={{
        emptyText: query.isPending ? (
          ' '
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('questions.progress.empty')} />
        ),
      }}
    />
  );
}

import { Alert, Drawer, Grid, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResearchQuestion } from '@mathbridge/contracts/research';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { confirmLeave } from '../../../lib/use-unsaved-changes.ts';
import { useQuestion } from '../api/questions.ts';
import { AnswerForm } from './answer-form.tsx';
import { AnswerHistory } from './answer-history.tsx';
import { QuestionBody } from './question-body.tsx';
import { QuestionStateTag } from './status-tags.tsx';

interface QuestionDrawerProps {
  /** The question shown; null keeps the drawer closed. */
  id: number | null;
  onClose: () => void;
  /** `student`: the own part and the answer form; `reviewer`: every assignee, accept / return. */
  side: 'student' | 'reviewer';
}

/** One question in a drawer (question/detail/:id): the statement, then answers or reviews. */
export function QuestionDrawer({ id, onClose, side }: QuestionDrawerProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const question = useQuestion(id);
  // The answer form guards leaving the page itself; the drawer asks before closing over it.
  const [dirty, setDirty] = useState(false);

  const close = () =>
    confirmLeave(t, dirty, () => {
      setDirty(false);
      onClose();
    });

  const data = question.data;
  return (
    <Drawer
      open={id !== null}
      onClose={close}
      size={screens.md ? 760 : '100%'}
      title={data?.title ?? ' '}
      destroyOnHidden
      data-testid="question-drawer"
      afterOpenChange={(open) => {
        if (!open) setDirty(false);
      }}
    >
      {question.isPending ? (
        <PageLoader />
      ) : question.isError ? (
        isApiError(question.error) && question.error.status === 404 ? (
          <Alert type="warning" showIcon title={t('questions.common.notFound')} />
        ) : (
          <LoadError onRetry={() => void question.refetch()} />
        )
      ) : side === 'student' ? (
        <StudentSide question={question.data} onDirtyChange={setDirty} />
      ) : (
        <ReviewerSide question={question.data} />
      )}
    </Drawer>
  );
}

function StudentSide({
  question,
  onDirtyChange,
}: {
  question: ResearchQuestion;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const status = question.assignees[0]?.status ?? 'assigned';
  const owed = status === 'assigned' || status === 'returned';
  return (
    <div className="mb-question-detail">
      <Space className="mb-question-state" wrap>
        <QuestionStateTag status={status} />
      </Space>
      <QuestionBody question={question} owed={owed} />
      <section className="mb-question-answer-box" data-testid="answer-box">
        <h3>{t('questions.answer.title')}</h3>
        {status === 'returned' && <Alert type="warning" showIcon title={t('questions.answer.again')} />}
        {owed ? (
          <AnswerForm key={question.answers.length} question={question} onDirtyChange={onDirtyChange} />
        ) : status === 'answered' ? (
          <Alert type="info" showIcon title={t('questions.answer.waiting')} />
        ) : (
          <Alert type="success" showIcon title={t('questions.answer.accepted')} />
        )}
      </section>
      <AnswerHistory question={question} mine />
    </div>
  );
}

function ReviewerSide({ question }: { question: ResearchQuestion }) {
  const { t } = useTranslation();
  return (
    <div className="mb-question-detail">
      <QuestionBody question={question} owed={question.assignees.some((a) => a.status === 'assigned')} />
      <h3>{t('questions.form.assignees')}</h3>
      <Space wrap className="mb-question-assignees" data-testid="question-assignees">
        {question.assignees.map((a) => (
          <Tag key={a.user_id} variant="outlined">
            {a.name} <QuestionStateTag status={a.status} />
          </Tag>
        ))}
      </Space>
      <AnswerHistory question={question} reviewable />
    </div>
  );
}

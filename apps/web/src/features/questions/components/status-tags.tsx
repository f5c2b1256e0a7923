import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { businessToday } from '@mathbridge/contracts/demands';
import type { AnswerState, QuestionAssigneeState } from '@mathbridge/contracts/research';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDay } from '../../../lib/format.ts';

const STATE_COLORS: Record<QuestionAssigneeState, string> = {
  assigned: 'processing',
  answered: 'gold',
  returned: 'warning',
  accepted: 'success',
};
const ANSWER_COLORS: Record<AnswerState, string> = {
  submitted: 'gold',
  accepted: 'success',
  returned: 'warning',
};

/** An assignee's state of a question (assigned → answered → accepted | returned). */
export function QuestionStateTag({ status }: { status: QuestionAssigneeState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[status]} data-testid="question-state">
      {t(`questions.states.${status}`)}
    </Tag>
  );
}

/** One answer's review state. */
export function AnswerStateTag({ status }: { status: AnswerState }) {
  const { t } = useTranslation();
  return (
    <Tag color={ANSWER_COLORS[status]} data-testid="answer-state">
      {t(`questions.answerStates.${status}`)}
    </Tag>
  );
}

/** A question's due day; marked overdue when it has passed and the answer is still owed. */
export function DueDate({ day, owed }: { day: string | null; owed: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!day) return <span className="mb-muted">{t('questions.common.noDue')}</span>;
  const overdue = owed && day < businessToday();
  return (
    <span className="mb-question-due">
      {formatDay(day, locale)}
      {overdue && (
        <Tag color="error" data-testid="question-overdue">
          {t('questions.common.overdue')}
        </Tag>
      )}
    </span>
  );
}

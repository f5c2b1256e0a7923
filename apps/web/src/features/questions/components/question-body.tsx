import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResearchQuestion } from '@mathbridge/contracts/research';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AttachmentList } from '../../../components/space-attachments.tsx';
import { DueDate } from './status-tags.tsx';

/** A question as posed: direction, due day, statement (Markdown + KaTeX) and attachments. */
export function QuestionBody({ question, owed }: { question: ResearchQuestion; owed: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="mb-question-body" data-testid="question-body">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'direction', label: t('questions.common.direction'), children: question.project_title },
          {
            key: 'due',
            label: t('questions.common.due'),
            children: <DueDate day={question.due_date} owed={owed} />,
          },
          { key: 'posted', label: t('questions.common.posted'), children: formatDateTime(question.created_at, locale) },
        ]}
      />
      <h3>{t('questions.common.statement')}</h3>
      <div className="mb-question-statement">
        <MarkdownView source={question.statement} />
      </div>
      <h3>{t('questions.common.attachments')}</h3>
      <AttachmentList items={question.attachments} empty />
    </section>
  );
}

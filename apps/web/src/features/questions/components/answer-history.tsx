import { Alert, Button, Form, Input, Modal, Space, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AnswerReviewSchema,
  QUESTION_TEXT_MAX,
  type ResearchAnswer,
  type ResearchQuestion,
} from '@mathbridge/contracts/research';
import { ItemList, ItemListRow } from '../../../components/item-list.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { dialogSubmit } from '../../../lib/form-kit.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { preloadValidation, zodRule } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useReviewAnswer } from '../api/questions.ts';
import { AttachmentList } from '../../../components/space-attachments.tsx';
import { AnswerStateTag } from './status-tags.tsx';

interface AnswerHistoryProps {
  question: ResearchQuestion;
  /** The poser's side: submitted answers get accept / return. */
  reviewable?: boolean;
  /** A student's own history (no names). */
  mine?: boolean;
}

/** The answers of a question, oldest first (the history), each with its review. */
export function AnswerHistory({ question, reviewable = false, mine = false }: AnswerHistoryProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [returning, setReturning] = useState<ResearchAnswer | null>(null);
  const review = useReviewAnswer();
  const nameOf = (answer: ResearchAnswer) =>
    question.assignees.find((a) => a.user_id === answer.user_id)?.name ?? String(answer.user_id);

  const accept = (answer: ResearchAnswer) =>
    notify.confirm({
      title: t('questions.review.acceptConfirm', { name: nameOf(answer) }),
      okText: t('questions.review.accept'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await review.mutateAsync({ answer_id: answer.id, accept: 1, comment: undefined });
        notify.success(t('questions.review.accepted'));
      },
    });

  return (
    <section className="mb-question-history" data-testid="answer-history">
      <h3>{mine ? t('questions.history.mineTitle') : t('questions.history.title')}</h3>
      <ItemList
        items={question.answers}
        itemKey={(answer) => answer.id}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('questions.history.empty')} />}
        renderItem={(answer) => (
          <ItemListRow className="mb-question-answer" data-testid={`answer-${answer.id}`}>
            <div className="mb-question-answer-head">
              <Space wrap size={8}>
                {!mine && <strong>{nameOf(answer)}</strong>}
                <AnswerStateTag status={answer.status} />
                <span className="mb-muted">
                  {t('questions.history.answeredAt', { time: formatDateTime(answer.created_at, locale) })}
                </span>
              </Space>
              {reviewable && answer.status === 'submitted' && (
                <Space wrap>
                  <Button type="primary" size="small" onClick={() => accept(answer)} data-testid="answer-accept">
                    {t('questions.review.accept')}
                  </Button>
                  <Button size="small" danger onClick={() => setReturning(answer)} data-testid="answer-return">
                    {t('questions.review.return')}
                  </Button>
                </Space>
              )}
            </div>
            <div className="mb-question-answer-content">
              <MarkdownView source={answer.content} />
            </div>
            {answer.attachments.length > 0 && <AttachmentList items={answer.attachments} />}
            {answer.review_comment && (
              <Alert
                type={answer.status === 'returned' ? 'warning' : 'success'}
                showIcon
                title={t('questions.history.comment')}
                description={<span className="mb-question-comment">{answer.review_comment}</span>}
              />
            )}
            {answer.reviewed_at && (
              <div className="mb-muted">
                {t('questions.history.reviewedAt', { time: formatDateTime(answer.reviewed_at, locale) })}
              </div>
            )}
          </ItemListRow>
        )}
      />
      {returning && <ReturnModal answerId={returning.id} name={nameOf(returning)} onClose={() => setReturning(null)} />}
    </section>
  );
}

/** Returning an answer: the comment (what to revise) is required. */
function ReturnModal({ answerId, name, onClose }: { answerId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const review = useReviewAnswer();
  const [form] = Form.useForm<{ comment?: string }>();
  const submit = dialogSubmit(form, async (values) => {
    await review.mutateAsync({ answer_id: answerId, accept: 0, comment: values.comment });
    notify.success(t('questions.review.returned'));
    onClose();
  });
  return (
    <Modal
      open
      title={t('questions.review.returnTitle', { name })}
      okText={t('questions.review.return')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={review.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFocus={preloadValidation} disabled={review.isPending}>
        <Form.Item
          name="comment"
          label={t('questions.review.comment')}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            zodRule(AnswerReviewSchema.shape.comment),
          ]}
        >
          <Input.TextArea rows={4} maxLength={QUESTION_TEXT_MAX.comment} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

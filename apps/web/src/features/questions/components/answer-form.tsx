import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerSubmitSchema, QUESTION_TEXT_MAX, type ResearchQuestion } from '@mathbridge/contracts/research';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { showFormError } from '../../../lib/form-kit.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useAnswerQuestion, useDirectionSpace } from '../api/questions.ts';
import { SpaceAttachmentsInput, type AttachmentValue } from '../../../components/space-attachments.tsx';

interface AnswerValues {
  content?: string;
  attachments?: AttachmentValue[];
}

interface AnswerFormProps {
  question: ResearchQuestion;
  /** Told whether the form holds something not submitted (the page asks before leaving it). */
  onDirtyChange: (dirty: boolean) => void;
}

/** The assignee's answer (question/answer): Markdown text and files of the direction's space. */
export function AnswerForm({ question, onDirtyChange }: AnswerFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnswerValues>();
  const answer = useAnswerQuestion();
  const space = useDirectionSpace(question.project_id);
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const mark = (next: boolean) => {
    setDirty(next);
    onDirtyChange(next);
  };

  const submit = async (values: AnswerValues) => {
    try {
      await answer.mutateAsync({
        question_id: question.id,
        content: values.content ?? '',
        attachments: (values.attachments ?? []).map((file) => file.id),
      });
      mark(false);
      form.resetFields();
      notify.success(t('questions.answer.submitted'));
    } catch (error) {
      showFormError(form, error, {});
    }
  };

  return (
    <Form<AnswerValues>
      form={form}
      layout="vertical"
      onFocus={preloadValidation}
      onFinish={(values) => void submit(values)}
      onValuesChange={(_changed, all) => mark(!!all.content?.trim() || (all.attachments?.length ?? 0) > 0)}
      disabled={answer.isPending}
      data-testid="answer-form"
    >
      <Form.Item
        name="content"
        label={t('questions.answer.content')}
        extra={t('questions.answer.contentHelp')}
        {...schemaField(AnswerSubmitSchema.shape.content)}
      >
        <MarkdownInput maxLength={QUESTION_TEXT_MAX.content} rows={8} />
      </Form.Item>
      <Form.Item name="attachments" label={t('questions.answer.attachments')} initialValue={[]}>
        <SpaceAttachmentsInput spaceId={space.isError ? null : space.data} inputTestId="question-attachment-input" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={answer.isPending} data-testid="answer-submit">
        {t('questions.answer.submit')}
      </Button>
    </Form>
  );
}

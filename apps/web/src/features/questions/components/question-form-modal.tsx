import { Form, Grid, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  QUESTION_TEXT_MAX,
  QuestionSaveSchema,
  type ProjectDetail,
  type ResearchQuestion,
} from '@mathbridge/contracts/research';
import { LONG_TITLE_MAX_UNITS } from '@mathbridge/contracts/validation';
import { DeadlinePicker } from '../../../components/deadline-picker.tsx';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { dayRule, dialogSubmit } from '../../../lib/form-kit.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { confirmLeave, useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useSaveQuestion } from '../api/questions.ts';
import { SpaceAttachmentsInput, type AttachmentValue } from '../../../components/space-attachments.tsx';
import { TitleInput, titleHint } from '../../../components/title-input.tsx';

interface QuestionValues {
  title?: string;
  statement?: string;
  due_date?: Dayjs | null;
  attachments?: AttachmentValue[];
  assignees?: number[];
}

interface QuestionFormModalProps {
  project: ProjectDetail;
  /** The question edited; undefined poses a new one. */
  question?: ResearchQuestion;
  onClose: () => void;
}

const shape = QuestionSaveSchema.shape;

/** Posing or editing a question (question/save): title, statement, due day, attachments, students. */
export function QuestionFormModal({ project, question, onClose }: QuestionFormModalProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const save = useSaveQuestion();
  const [form] = Form.useForm<QuestionValues>();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  // Members who may be assigned; the server keeps it to students and says so on the field.
  const members = project.members.filter((m) => m.status === 'member');
  const known = new Map(members.map((m) => [m.user_id, m.name]));
  for (const a of question?.assignees ?? []) if (!known.has(a.user_id)) known.set(a.user_id, a.name);

  const submit = dialogSubmit(
    form,
    async (values) => {
      await save.mutateAsync({
        project_id: project.id,
        question_id: question?.id,
        title: values.title ?? '',
        statement: values.statement ?? '',
        due_date: values.due_date ? values.due_date.format('YYYY-MM-DD') : undefined,
        attachments: (values.attachments ?? []).map((file) => file.id),
        assignees: values.assignees ?? [],
      });
      setDirty(false);
      notify.success(question ? t('questions.form.saved') : t('questions.form.posted'));
      onClose();
    },
    // Per-item errors (`assignees.0`, `attachments.1`) land on their field.
    { assignees: 'assignees', attachments: 'attachments' },
  );

  const cancel = () => confirmLeave(t, dirty, onClose);

  return (
    <Modal
      open
      title={question ? t('questions.form.editTitle') : t('questions.form.poseTitle')}
      okText={t('questions.form.save')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={cancel}
      confirmLoading={save.isPending}
      width={screens.md ? 880 : undefined}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<QuestionValues>
        form={form}
        layout="vertical"
        onFocus={preloadValidation}
        disabled={save.isPending}
        onValuesChange={() => setDirty(true)}
        data-testid="question-form"
        initialValues={{
          title: question?.title,
          statement: question?.statement,
          due_date: question?.due_date ? dayjs(question.due_date) : null,
          attachments: question?.attachments ?? [],
          assignees: question?.assignees.map((a) => a.user_id) ?? [],
        }}
      >
        <Form.Item
          name="title"
          label={t('questions.form.title')}
          extra={titleHint(t, LONG_TITLE_MAX_UNITS)}
          {...schemaField(shape.title)}
        >
          <TitleInput maxUnits={LONG_TITLE_MAX_UNITS} />
        </Form.Item>
        <Form.Item
          name="statement"
          label={t('questions.form.statement')}
          extra={t('questions.form.statementHelp')}
          {...schemaField(shape.statement)}
        >
          <MarkdownInput maxLength={QUESTION_TEXT_MAX.statement} rows={8} />
        </Form.Item>
        <Form.Item name="due_date" label={t('questions.form.due')} rules={[dayRule(shape.due_date)]}>
          <DeadlinePicker />
        </Form.Item>
        <Form.Item
          name="assignees"
          label={t('questions.form.assignees')}
          extra={t('questions.form.assigneesHelp')}
          {...schemaField(shape.assignees)}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={[...known].map(([value, label]) => ({ value, label }))}
            data-testid="question-assignees-select"
          />
        </Form.Item>
        <Form.Item name="attachments" label={t('questions.form.attachments')}>
          <SpaceAttachmentsInput spaceId={project.space_id} inputTestId="question-attachment-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

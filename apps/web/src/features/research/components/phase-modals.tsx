import { Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  OutcomeSubmitSchema,
  PHASE_TEXT_MAX,
  PhaseSaveSchema,
  type ProjectDetail,
  type ResearchPhase,
} from '@mathbridge/contracts/research';
import { TITLE_MAX_UNITS, wordLength } from '@mathbridge/contracts/validation';
import { DeadlinePicker } from '../../../components/deadline-picker.tsx';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { dayRule, dialogSubmit } from '../../../lib/form-kit.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { confirmLeave } from '../../../lib/use-unsaved-changes.ts';
import { useReviewOutcome, useSavePhase, useSubmitOutcome } from '../api/research.ts';
import { SpaceAttachmentsInput, type AttachmentValue } from '../../../components/space-attachments.tsx';

/** Who may be named to submit a phase's outcome: the owner and the members. */
export function assigneeOptions(project: ProjectDetail): { value: number; label: string }[] {
  return [
    { value: project.owner.user_id, label: project.owner.name },
    ...project.members
      .filter((member) => member.status === 'member' && member.user_id !== project.owner.user_id)
      .map((member) => ({ value: member.user_id, label: member.name })),
  ];
}

interface PlanValues {
  title?: string;
  goal?: string;
  due_date?: Dayjs | null;
  assignees?: number[];
}

/** Planning a phase, or editing a planned one (…/savePhase, edit_plan). */
export function PhasePlanModal({
  project,
  phase,
  onClose,
}: {
  project: ProjectDetail;
  /** The planned phase to edit; none plans a new one. */
  phase?: ResearchPhase;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePhase(project.kind);
  const [form] = Form.useForm<PlanValues>();
  const shape = PhaseSaveSchema.shape;
  const submit = dialogSubmit(form, async (values) => {
    await save.mutateAsync({
      id: project.id,
      phase_id: phase?.id,
      title: values.title ?? '',
      goal: values.goal ?? '',
      due_date: values.due_date ? values.due_date.format('YYYY-MM-DD') : undefined,
      assignees: values.assignees ?? [],
    });
    notify.success(t(phase ? 'research.join.phases.updated' : 'research.join.phases.planned'));
    onClose();
  });
  return (
    <Modal
      open
      width={720}
      title={phase ? t('research.join.phases.editTitle', { title: phase.title }) : t('research.join.phases.planTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={() => confirmLeave(t, form.isFieldsTouched(), onClose)}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<PlanValues>
        form={form}
        layout="vertical"
        onFocus={preloadValidation}
        disabled={save.isPending}
        initialValues={
          phase
            ? {
                title: phase.title,
                goal: phase.goal,
                due_date: phase.due_date ? dayjs(phase.due_date) : null,
                assignees: phase.assignees,
              }
            : { assignees: [] }
        }
      >
        <Form.Item name="title" label={t('research.join.phases.title')} {...schemaField(shape.title)}>
          <Input count={{ show: true, max: TITLE_MAX_UNITS, strategy: wordLength }} />
        </Form.Item>
        <Form.Item name="goal" label={t('research.join.phases.goal')} {...schemaField(shape.goal)}>
          <Input.TextArea rows={4} maxLength={PHASE_TEXT_MAX.goal} showCount />
        </Form.Item>
        <Form.Item name="due_date" label={t('research.join.phases.due')} rules={[dayRule(shape.due_date)]}>
          <DeadlinePicker />
        </Form.Item>
        <Form.Item
          name="assignees"
          label={t('research.join.phases.assignees')}
          extra={t('research.join.phases.assigneesHelp')}
        >
          <Select
            mode="multiple"
            options={assigneeOptions(project)}
            optionFilterProp="label"
            placeholder={t('research.join.phases.anyMember')}
            allowClear
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface SubmitValues {
  content?: string;
  attachments?: AttachmentValue[];
}

/** Submitting (or resubmitting) a phase's outcome: Markdown and files of the project's space. */
export function OutcomeSubmitModal({
  project,
  phase,
  onClose,
}: {
  project: ProjectDetail;
  phase: ResearchPhase;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const submitOutcome = useSubmitOutcome(project.kind);
  const [form] = Form.useForm<SubmitValues>();
  const submit = dialogSubmit(
    form,
    async (values) => {
      await submitOutcome.mutateAsync({
        phase_id: phase.id,
        content: values.content ?? '',
        attachments: (values.attachments ?? []).map((file) => file.id),
      });
      notify.success(t('research.join.outcome.submitted'));
      onClose();
    },
    {},
  );
  return (
    <Modal
      open
      width={860}
      title={t('research.join.outcome.submitTitle', { title: phase.title })}
      okText={t('research.join.outcome.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={() => confirmLeave(t, form.isFieldsTouched(), onClose)}
      confirmLoading={submitOutcome.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<SubmitValues>
        form={form}
        layout="vertical"
        onFocus={preloadValidation}
        disabled={submitOutcome.isPending}
        initialValues={{ attachments: [] }}
      >
        <Form.Item
          name="content"
          label={t('research.join.outcome.content')}
          {...schemaField(OutcomeSubmitSchema.shape.content)}
        >
          <MarkdownInput maxLength={PHASE_TEXT_MAX.content} />
        </Form.Item>
        <Form.Item name="attachments" label={t('research.join.outcome.attachments')}>
          <SpaceAttachmentsInput spaceId={project.space_id} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ReviewValues {
  verdict?: 'accept' | 'revise';
  comment?: string;
}

/** Reviewing a submitted outcome (…/reviewOutcome): accept, or ask for a revision with a comment. */
export function OutcomeReviewModal({
  project,
  phase,
  onClose,
}: {
  project: ProjectDetail;
  phase: ResearchPhase;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const review = useReviewOutcome(project.kind);
  const [form] = Form.useForm<ReviewValues>();
  const verdict = Form.useWatch('verdict', form);
  const submit = dialogSubmit(form, async (values) => {
    const accept = values.verdict === 'accept';
    await review.mutateAsync({ phase_id: phase.id, accept: accept ? 1 : 0, comment: values.comment || undefined });
    notify.success(t(accept ? 'research.join.review.acceptedToast' : 'research.join.review.revisedToast'));
    onClose();
  });
  return (
    <Modal
      open
      title={t('research.join.review.title', { title: phase.title })}
      okText={t('research.join.review.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={() => confirmLeave(t, form.isFieldsTouched(), onClose)}
      confirmLoading={review.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<ReviewValues>
        form={form}
        layout="vertical"
        onFocus={preloadValidation}
        disabled={review.isPending}
        initialValues={{ verdict: 'accept' }}
      >
        <Form.Item name="verdict" label={t('research.join.review.verdict')} required>
          <Radio.Group
            options={[
              { value: 'accept', label: t('research.join.review.accept') },
              { value: 'revise', label: t('research.join.review.revise') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="comment"
          label={t('research.join.review.comment')}
          required={verdict === 'revise'}
          rules={[
            {
              validator: async (_rule, value?: string) => {
                if (form.getFieldValue('verdict') === 'revise' && !value?.trim())
                  throw new Error(t('research.join.review.commentRequired'));
              },
            },
          ]}
          dependencies={['verdict']}
        >
          <Input.TextArea rows={4} maxLength={PHASE_TEXT_MAX.comment} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

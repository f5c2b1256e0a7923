import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApplySchema, RESEARCH_TEXT_MAX, type ProjectDetail } from '@mathbridge/contracts/research';
import { dialogSubmit } from '../../../lib/form-kit.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useApplyToProject } from '../api/research.ts';

interface ApplyValues {
  note?: string;
  nda?: boolean;
}

/**
 * Applying to join a subject or direction (…/apply): a note for the owner, and for a confidential
 * project the non-disclosure agreement, which must be accepted to apply.
 */
export function JoinApplyModal({ project, onClose }: { project: ProjectDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const apply = useApplyToProject(project.kind);
  const [form] = Form.useForm<ApplyValues>();
  const confidential = project.confidential === 1;
  const submit = dialogSubmit(form, async (values) => {
    await apply.mutateAsync({ id: project.id, note: values.note ?? '', accept_nda: values.nda ? 1 : 0 });
    notify.success(t('research.join.apply.sent'));
    onClose();
  });
  return (
    <Modal
      open
      title={t('research.join.apply.title', { title: project.title })}
      okText={t('research.join.apply.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={apply.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<ApplyValues> form={form} layout="vertical" onFocus={preloadValidation} disabled={apply.isPending}>
        <Form.Item
          name="note"
          label={t('research.join.apply.note')}
          extra={t('research.join.apply.noteHelp')}
          {...schemaField(ApplySchema.shape.note)}
        >
          <Input.TextArea rows={4} maxLength={RESEARCH_TEXT_MAX.note} showCount />
        </Form.Item>
        {confidential && <NdaField />}
      </Form>
    </Modal>
  );
}

/** The NDA checkbox of a confidential project: required to apply or to accept an invitation. */
export function NdaField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="nda"
      valuePropName="checked"
      extra={t('research.join.nda.help')}
      rules={[
        {
          validator: async (_rule, value?: boolean) => {
            if (!value) throw new Error(t('research.join.nda.required'));
          },
        },
      ]}
    >
      <Checkbox data-testid="nda-checkbox">{t('research.join.nda.accept')}</Checkbox>
    </Form.Item>
  );
}

/** Accepting an invitation; a confidential project asks for the NDA first (…/acceptInvite). */
export function JoinAcceptModal({
  project,
  pending,
  onAccept,
  onClose,
}: {
  project: ProjectDetail;
  pending: boolean;
  onAccept: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyValues>();
  const submit = dialogSubmit(form, async () => {
    await onAccept();
    onClose();
  });
  return (
    <Modal
      open
      title={t('research.join.invite.acceptTitle', { title: project.title })}
      okText={t('research.join.invite.accept')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
      forceRender
    >
      <p>{t('research.join.nda.intro')}</p>
      <Form<ApplyValues> form={form} layout="vertical" disabled={pending}>
        <NdaField />
      </Form>
    </Modal>
  );
}

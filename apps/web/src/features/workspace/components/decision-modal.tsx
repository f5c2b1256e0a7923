import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewDecisionSchema } from '@mathbridge/contracts/org';
import { dialogSubmit, payloadRule } from '../../../lib/form-kit.ts';

interface RejectModalProps {
  /** Who or what is being rejected; null closes the dialog. */
  title: string | null;
  onCancel: () => void;
  /** Resolves once the rejection is recorded; a rejection says why (ReviewDecisionSchema). */
  onReject: (reason: string) => Promise<unknown>;
  okText: string;
}

/** Reject with a reason: the reason is required and the applicant reads it. */
export function RejectModal({ title, onCancel, onReject, okText }: RejectModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const reasonRule = payloadRule(
    ReviewDecisionSchema,
    () => ({ id: 1, approve: 0, reason: form.getFieldValue('reason') as string | undefined }),
    ['reason'],
  );

  const submit = dialogSubmit(form, async ({ reason }) => {
    await onReject((reason ?? '').trim());
    form.resetFields();
  });

  return (
    <Modal
      open={title !== null}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('workspace.review.reason')} required rules={[reasonRule]}>
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={200}
            showCount
            placeholder={t('workspace.review.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dialogSubmit, payloadRule } from '../lib/form-kit.ts';
import type { Schema } from '../lib/form-rules.ts';

export interface ReasonValues<R extends string> {
  reason: R;
  reason_text?: string;
}

interface ReasonModalProps<R extends string> {
  /** The object being turned down (its id goes into the payload), or null when closed. */
  target: { id: number; name: string } | null;
  /** The call's schema ({id, reason, reason_text}): the fields are checked by it as the server will. */
  schema: Schema;
  reasons: readonly R[];
  reasonLabel: (reason: R) => string;
  textMax: number;
  labels: { title: string; ok: string; reason: string; choose: string; reasonText: string; reasonTextHelp: string };
  intro?: string;
  pending: boolean;
  /** Sends the decision; the dialog closes once it resolves. */
  onSubmit: (values: { id: number; reason: R; reason_text: string | undefined }) => Promise<void>;
  onClose: () => void;
}

/**
 * Turning someone down needs a reason from the list and, for 'other', a text, so they always learn
 * why: a solution's decline and a job application's rejection.
 */
export function ReasonModal<R extends string>({
  target,
  schema,
  reasons,
  reasonLabel,
  textMax,
  labels,
  intro,
  pending,
  onSubmit,
  onClose,
}: ReasonModalProps<R>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReasonValues<R>>();
  const payload = () => ({ id: target?.id ?? 0, ...(form.getFieldsValue(true) as ReasonValues<R>) });

  const submit = dialogSubmit(form, async (values) => {
    if (!target) return;
    await onSubmit({ id: target.id, reason: values.reason, reason_text: values.reason_text || undefined });
    form.resetFields();
    onClose();
  });

  return (
    <Modal
      open={target !== null}
      title={`${labels.title} · ${target?.name ?? ''}`}
      okText={labels.ok}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {intro && <p className="mb-muted">{intro}</p>}
      <Form<ReasonValues<R>> form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={labels.reason} required rules={[payloadRule(schema, payload, ['reason'])]}>
          <Select
            options={reasons.map((reason) => ({ value: reason, label: reasonLabel(reason) }))}
            placeholder={labels.choose}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['reason']}>
          {({ getFieldValue }) => (
            <Form.Item
              name="reason_text"
              label={labels.reasonText}
              extra={labels.reasonTextHelp}
              required={getFieldValue('reason') === 'other'}
              rules={[payloadRule(schema, payload, ['reason_text'])]}
            >
              <Input.TextArea rows={3} maxLength={textMax} showCount />
            </Form.Item>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

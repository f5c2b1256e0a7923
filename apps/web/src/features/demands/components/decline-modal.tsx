import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DECLINE_REASONS,
  DeclineSolutionSchema,
  SOLUTION_TEXT_MAX,
  type DeclineSolution,
} from '@mathbridge/contracts/solutions';
import { notify } from '../../../lib/notify.ts';
import { dialogSubmit, payloadRule } from '../../../lib/form-kit.ts';
import { useDeclineSolution } from '../api/solutions.ts';

interface DeclineModalProps {
  solution: { id: number; institute: { name: string } } | null;
  onClose: () => void;
}

type Values = Pick<DeclineSolution, 'reason' | 'reason_text'>;

/** Declining needs a reason from the list and, for 'other', a text: the institute always learns why. */
export function DeclineModal({ solution, onClose }: DeclineModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const decline = useDeclineSolution();
  const payload = () => ({ id: solution?.id ?? 0, ...(form.getFieldsValue(true) as Values) });

  const submit = dialogSubmit(form, async (values) => {
    if (!solution) return;
    await decline.mutateAsync({
      id: solution.id,
      reason: values.reason,
      reason_text: values.reason_text || undefined,
    });
    notify.success(t('demands.solutions.declined'));
    form.resetFields();
    onClose();
  });

  return (
    <Modal
      open={solution !== null}
      title={`${t('demands.solutions.declineTitle')} · ${solution?.institute.name ?? ''}`}
      okText={t('demands.solutions.decline')}
      okButtonProps={{ danger: true, loading: decline.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('demands.solutions.reason')}
          required
          rules={[payloadRule(DeclineSolutionSchema, payload, ['reason'])]}
        >
          <Select
            options={DECLINE_REASONS.map((reason) => ({ value: reason, label: t(`declineReasons.${reason}`) }))}
            placeholder={t('demands.form.placeholders.select')}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['reason']}>
          {({ getFieldValue }) => (
            <Form.Item
              name="reason_text"
              label={t('demands.solutions.reasonText')}
              extra={t('demands.solutions.reasonTextHelp')}
              required={getFieldValue('reason') === 'other'}
              rules={[payloadRule(DeclineSolutionSchema, payload, ['reason_text'])]}
            >
              <Input.TextArea rows={3} maxLength={SOLUTION_TEXT_MAX.decline_text} showCount />
            </Form.Item>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

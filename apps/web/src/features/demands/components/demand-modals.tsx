import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemandReviewSchema, type DemandSummary } from '@mathbridge/contracts/demands';
import { notify } from '../../../lib/notify.ts';
import { dialogSubmit, payloadRule } from '../../../lib/form-kit.ts';
import { useReceiveDemand, useReviewDemand } from '../api/demands.ts';

/** Admin: reject a submitted demand with a reason the enterprise sees. */
export function RejectModal({ demandId, open, onClose }: { demandId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const review = useReviewDemand();
  const submit = dialogSubmit(form, async ({ reason }) => {
    await review.mutateAsync({ id: demandId, approve: 0, reason });
    notify.success(t('demands.detail.done.reject'));
    onClose();
  });
  return (
    <Modal
      open={open}
      title={t('demands.detail.review.title')}
      okText={t('demands.detail.actions.reject')}
      okButtonProps={{ danger: true, loading: review.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('demands.detail.review.reason')}
          extra={t('demands.detail.review.reasonHelp')}
          required
          rules={[
            payloadRule(
              DemandReviewSchema,
              () => ({ id: demandId, approve: 0, reason: form.getFieldValue('reason') as string }),
              ['reason'],
            ),
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Institute: receive a published demand, accepting its confidentiality agreement when it asks for one. */
export function ReceiveModal({ demand, open, onClose }: { demand: DemandSummary; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const receive = useReceiveDemand();
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  const nda = demand.nda_required === 1;
  const submit = async () => {
    if (nda && !accepted) {
      setMissing(true);
      return;
    }
    await receive.mutateAsync({ id: demand.id, accept_nda: nda && accepted ? 1 : 0 });
    notify.success(t('demands.detail.done.receive'));
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('demands.detail.receive.title')}
      okText={t('demands.detail.actions.receive')}
      okButtonProps={{ loading: receive.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('demands.detail.receive.text')}</p>
      {nda && (
        <>
          <Alert
            type="warning"
            showIcon
            title={t('demands.detail.nda')}
            description={t('demands.detail.receive.ndaText')}
            style={{ marginBottom: 12 }}
          />
          <Checkbox
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              setMissing(false);
            }}
          >
            {t('demands.detail.receive.ndaAccept')}
          </Checkbox>
          {missing && (
            <div role="alert" className="ant-form-item-explain-error">
              {t('demands.detail.receive.ndaRequiredError')}
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

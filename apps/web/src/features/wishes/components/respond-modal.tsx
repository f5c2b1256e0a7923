import { Alert, Form, Input, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WISH_TEXT_MAX, WishRespondSchema, type Wish } from '@mathbridge/contracts/wishes';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useRespondToWish } from '../api/wishes.ts';

const shape = WishRespondSchema.shape;
const MOBILE = /^1[3-9]\d{9}$/;

interface RespondValues {
  message: string;
  contact: string;
  contact_phone: string;
}

/** An institute's response to an open wish: a message and how to reach them (cooperateWish/respond). */
export function RespondModal({ wish, open, onClose }: { wish: Wish; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const respond = useRespondToWish();
  const info = useSession((s) => s.profile?.info);
  const [form] = Form.useForm<RespondValues>();
  const initialValues = useMemo<Partial<RespondValues>>(() => {
    const phone = [info?.contact_phone, info?.phone].find((value) => value && MOBILE.test(value));
    return { contact: info?.contact || info?.truename || undefined, contact_phone: phone ?? undefined };
  }, [info]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await respond.mutateAsync({ id: wish.id, ...values });
      notify.success(t('wishes.detail.responded'));
      form.resetFields();
      onClose();
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('wishes.detail.respondTitle')}
      okText={t('wishes.detail.respond')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={respond.isPending}
      destroyOnHidden
      forceRender
    >
      <Alert type="info" showIcon title={t('wishes.detail.respondHint')} style={{ marginBottom: 16 }} />
      <Form<RespondValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFocus={preloadValidation}
        disabled={respond.isPending}
      >
        <Form.Item
          name="message"
          label={t('wishes.detail.message')}
          extra={t('wishes.detail.messageHelp')}
          {...schemaField(shape.message)}
        >
          <Input.TextArea rows={5} maxLength={WISH_TEXT_MAX.message} showCount />
        </Form.Item>
        <Form.Item name="contact" label={t('wishes.form.contact')} {...schemaField(shape.contact)}>
          <Input placeholder={t('wishes.form.placeholders.contact')} autoComplete="name" />
        </Form.Item>
        <Form.Item name="contact_phone" label={t('wishes.form.contactPhone')} {...schemaField(shape.contact_phone)}>
          <Input placeholder={t('wishes.form.placeholders.contactPhone')} autoComplete="tel" inputMode="tel" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

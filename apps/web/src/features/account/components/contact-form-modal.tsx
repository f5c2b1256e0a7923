import { Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSchema, type Contact } from '@mathbridge/contracts/accounts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveContact } from '../api/save-contact.ts';

interface ContactFormValues {
  name: string;
  phone: string;
  email?: string;
  position?: string;
  is_default: boolean;
}

interface ContactFormModalProps {
  open: boolean;
  /** The contact being edited; absent when adding. */
  contact: Contact | null;
  onClose: () => void;
}

/** Add or edit a contact (POST user/contactModify; with `id` it is an edit). */
export function ContactFormModal({ open, contact, onClose }: ContactFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactFormValues>();
  const save = useSaveContact();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      contact
        ? {
            name: contact.name,
            phone: contact.phone,
            email: contact.email ?? '',
            position: contact.position ?? '',
            is_default: contact.is_default === 1,
          }
        : { is_default: false },
    );
  }, [open, contact, form]);

  const submit = async () => {
    let values: ContactFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    try {
      await save.mutateAsync({
        id: contact?.id,
        name: values.name,
        phone: values.phone,
        email: values.email,
        position: values.position,
        is_default: values.is_default ? 1 : 0,
      });
      notify.success(t('account.contacts.saved'));
      onClose();
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={contact ? t('account.contacts.edit') : t('account.contacts.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()} style={{ marginTop: 16 }}>
        <Form.Item name="name" label={t('account.contacts.name')} {...schemaField(ContactSchema.shape.name)}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('account.contacts.phone')}
          extra={t('account.contacts.phoneExtra')}
          {...schemaField(ContactSchema.shape.phone)}
        >
          <Input inputMode="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('account.contacts.email')} {...schemaField(ContactSchema.shape.email)}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="position"
          label={t('account.contacts.position')}
          {...schemaField(ContactSchema.shape.position)}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="is_default" label={t('account.contacts.isDefault')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {/* Enter in a field submits the modal's form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

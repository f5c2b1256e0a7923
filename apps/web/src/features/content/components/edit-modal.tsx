import { Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogSubmit } from '../../../lib/form-kit.ts';
import { confirmLeave } from '../../../lib/use-unsaved-changes.ts';

interface EditModalProps<V> {
  open: boolean;
  title: ReactNode;
  /** The values the form opens with (a new item's defaults, or the item's). */
  initialValues: Partial<V>;
  /** Saves; resolves once saved (the dialog then closes), rejects to show the refusal on the form. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  aliases?: Record<string, string>;
  children: (form: FormInstance<V>) => ReactNode;
}

/**
 * The add/edit dialog of the content manager's lists: a vertical form whose OK validates and saves
 * (server field errors land on their fields), and whose closing over unsaved typing asks first.
 */
export function EditModal<V extends object>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  width,
  aliases,
  children,
}: EditModalProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setDirty(false);
    onClose();
  };

  const submit = dialogSubmit(
    form,
    async (values: V) => {
      await onSubmit(values);
      close();
    },
    aliases,
  );

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => {
        setBusy(true);
        void submit().finally(() => setBusy(false));
      }}
      onCancel={() => confirmLeave(t, dirty, close)}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        layout="vertical"
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- antd types initial values as the store's
        initialValues={initialValues as any}
        onValuesChange={() => setDirty(true)}
        requiredMark
      >
        {children(form)}
      </Form>
    </Modal>
  );
}

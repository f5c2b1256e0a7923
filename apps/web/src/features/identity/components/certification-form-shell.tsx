import { Button, Card, Form, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateFile, CertificationData, IdentityRole } from '@mathbridge/contracts/identity';
import { isRequired, showFormError, valueRule } from '../../../lib/form-kit.ts';
import type { Schema } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useSubmitCertification } from '../api/submit-certification.ts';
import { CertificateUpload } from './certificate-upload.tsx';

interface CertificationFormShellProps<V> {
  role: IdentityRole;
  form: FormInstance<V>;
  initialValues: V;
  /** The form's values as user/{role}Auth takes them. */
  payloadOf: (values: V) => Record<string, unknown>;
  /** API field → form control, for the server's field errors. */
  aliases: Record<string, string>;
  /** A previous request (rejected or withdrawn) is being sent again. */
  resubmit: boolean;
  onSubmitted: () => void;
  /** The role's sections (FormSection), in order. */
  children: ReactNode;
}

/**
 * What every certification form shares: the vertical form with unsaved-changes protection,
 * submitting to user/{role}Auth with the server's field errors shown on their controls, the
 * success message, and the submit (or resubmit) button.
 */
export function CertificationFormShell<V extends object>({
  role,
  form,
  initialValues,
  payloadOf,
  aliases,
  resubmit,
  onSubmitted,
  children,
}: CertificationFormShellProps<V>) {
  const { t } = useTranslation();
  const submit = useSubmitCertification();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const onFinish = async (values: V) => {
    try {
      await submit.mutateAsync({ role, data: payloadOf(values) as unknown as CertificationData });
      setDirty(false);
      notify.success(t('identity.form.submitted'));
      onSubmitted();
    } catch (error) {
      showFormError(form, error, aliases);
    }
  };

  return (
    <Form<V>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={() => setDirty(true)}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      className="mb-cert-form"
    >
      {children}
      <div className="mb-cert-actions">
        <Button type="primary" htmlType="submit" size="large" loading={submit.isPending}>
          {resubmit ? t('identity.form.resubmit') : t('identity.form.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** One titled section of a certification form. */
export function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card variant="borderless" title={title} className="mb-cert-section">
      {children}
    </Card>
  );
}

interface CertificateFieldProps {
  name: string;
  label: ReactNode;
  /** The contracts rule for what the API takes: one id (`licence_file_id`) or a list (`certificate_ids`). */
  schema: Schema;
  /** Up to this many images, sent as a list of ids; without it one image, sent as its id. */
  max?: number;
}

/** Certificate images, checked as the ids the API takes (one licence, or up to `max` certificates). */
export function CertificateField({ name, label, schema, max }: CertificateFieldProps) {
  const ids = (value: unknown) => {
    const files = value as CertificateFile[] | undefined;
    return max === undefined ? files?.[0]?.id : files?.map((file) => file.id);
  };
  return (
    <Form.Item name={name} label={label} required={isRequired(schema)} rules={[valueRule(schema, ids)]}>
      <CertificateUpload max={max ?? 1} />
    </Form.Item>
  );
}

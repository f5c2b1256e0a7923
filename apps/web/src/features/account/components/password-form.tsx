import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordSchema, type ChangePassword } from '@mathbridge/contracts/accounts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { signOutTo } from '../../../lib/auth.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';

type PasswordValues = ChangePassword & { confirm: string };

/** Change the password; every session ends, so the user signs in again. */
export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  const onFinish = async ({ old_password, password }: PasswordValues) => {
    try {
      await change.mutateAsync({ old_password, password });
      notify.success(t('account.password.changed'));
      await signOutTo('/signin');
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <Card variant="borderless" title={t('account.password.title')}>
      <Typography.Paragraph type="secondary">{t('account.password.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)} style={{ maxWidth: 560 }}>
        <Form.Item
          name="old_password"
          label={t('account.password.old')}
          {...schemaField(ChangePasswordSchema.shape.old_password)}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields label={t('account.password.new')} />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('account.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}

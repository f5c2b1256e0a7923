import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ResetPassword } from '@mathbridge/contracts/accounts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { lazySchemaField, preloadValidation } from '../../../lib/form-rules.ts';
import { authLink } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { authSchemas } from '../components/auth-schemas.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { MobileInput } from '../components/mobile-input.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { VerifyCodeField } from '../components/verify-code-field.tsx';

type ResetValues = ResetPassword & { confirm: string };

/** /forget: reset the password with a code sent to the registered phone. */
export default function ForgetPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [params] = useSearchParams();
  const signIn = authLink('/signin', `?${params.toString()}`);

  const onFinish = async ({ phone, code, password }: ResetValues) => {
    try {
      await reset.mutateAsync({ phone, code, password });
      notify.success(t('auth.resetDone'));
      await navigate(signIn, { replace: true });
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <AuthShell title={t('auth.forgetTitle')} subtitle={t('auth.forgetSubtitle')}>
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFocus={preloadValidation}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="phone" label={t('auth.phone')} {...lazySchemaField(authSchemas.phone, true)}>
          <MobileInput autoComplete="username" />
        </Form.Item>
        <VerifyCodeField form={form} phoneField="phone" scene="forget" />
        <NewPasswordFields label={t('auth.newPassword')} />
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('auth.resetButton')}
          </Button>
        </Form.Item>
      </Form>
      <div className="mb-auth-footer">
        <Link to={signIn}>{t('auth.backToSignIn')}</Link>
      </div>
    </AuthShell>
  );
}

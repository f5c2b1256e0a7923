import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Register } from '@mathbridge/contracts/accounts';
import { completeSignIn } from '../../../lib/auth.ts';
import { authLink, safeRedirect } from '../../../lib/navigation.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { homePath } from '../../../lib/home-path.ts';
import { lazySchemaField, preloadValidation } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useRegister } from '../api/register.ts';
import { authSchemas } from '../components/auth-schemas.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { MobileInput } from '../components/mobile-input.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { VerifyCodeField } from '../components/verify-code-field.tsx';

type SignUpValues = Register & { confirm: string };

/** /signup: domestic mobile, 4-character code, password twice (spec §5, DESIGN §3); honours ?redirect=. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignUpValues>();
  const navigate = useNavigate();
  const registerUser = useRegister();
  const [params] = useSearchParams();

  const onFinish = async ({ phone, code, password }: SignUpValues) => {
    try {
      const result = await registerUser.mutateAsync({ phone, code, password });
      const profile = await completeSignIn(result).catch(() => null);
      notify.success(t('auth.registered'));
      // ?redirect= brings an invitee back to /invitation/{id} (issue 3); a new account's next step is the checklist.
      await navigate(safeRedirect(params.get('redirect'), homePath(profile)), { replace: true });
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <AuthShell title={t('auth.signUpTitle')} subtitle={t('auth.signUpSubtitle')}>
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFocus={preloadValidation}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="phone" label={t('auth.phone')} {...lazySchemaField(authSchemas.phone, true)}>
          <MobileInput autoComplete="tel-national" />
        </Form.Item>
        <VerifyCodeField form={form} phoneField="phone" scene="register" />
        <NewPasswordFields />
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={registerUser.isPending}>
            {t('auth.signUpButton')}
          </Button>
        </Form.Item>
      </Form>
      <div className="mb-auth-footer">
        <span>
          {t('auth.haveAccount')} <Link to={authLink('/signin', `?${params.toString()}`)}>{t('auth.signInLink')}</Link>
        </span>
      </div>
    </AuthShell>
  );
}

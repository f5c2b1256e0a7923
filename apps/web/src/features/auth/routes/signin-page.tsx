import { LockOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Login } from '@mathbridge/contracts/accounts';
import { completeSignIn } from '../../../lib/auth.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { homePath } from '../../../lib/home-path.ts';
import { lazySchemaField, preloadValidation } from '../../../lib/form-rules.ts';
import { authLink, safeRedirect } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notify.ts';
import { useLogin } from '../api/login.ts';
import { authSchemas } from '../components/auth-schemas.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { MobileInput } from '../components/mobile-input.tsx';
import { PasswordInput } from '../../../components/text-inputs.tsx';

/** /signin: mobile + password; honours ?redirect=, else lands where the user works (spec §2, §7). */
export default function SignInPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Login>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();

  const onFinish = async (values: Login) => {
    try {
      const result = await login.mutateAsync(values);
      // A failed profile load is reported by the client; the session itself is valid.
      const profile = await completeSignIn(result).catch(() => null);
      notify.success(t('auth.signedIn'));
      // Where the user was going comes first; else where they work (the checklist until certified).
      await navigate(safeRedirect(params.get('redirect'), homePath(profile)), { replace: true });
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <AuthShell title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFocus={preloadValidation}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="phone_details" label={t('auth.phone')} {...lazySchemaField(authSchemas.loginPhone, true)}>
          <MobileInput autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} {...lazySchemaField(authSchemas.loginPassword, true)}>
          <PasswordInput
            prefix={<LockOutlined aria-hidden />}
            placeholder={t('auth.signInPasswordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('auth.signInButton')}
          </Button>
        </Form.Item>
      </Form>
      <div className="mb-auth-footer">
        <span>
          {t('auth.noAccount')} <Link to={authLink('/signup', `?${params.toString()}`)}>{t('auth.signUpLink')}</Link>
        </span>
        <Link to={authLink('/forget', `?${params.toString()}`)}>{t('auth.forgotPassword')}</Link>
      </div>
    </AuthShell>
  );
}

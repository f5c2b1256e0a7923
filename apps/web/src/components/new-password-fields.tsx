import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@mathbridge/contracts/constants';
import { lazySchemaField } from '../lib/form-rules.ts';
import { PasswordInput } from './text-inputs.tsx';

// Loaded on first validation: the sign-up and reset screens are public pages with a size budget.
const passwordSchema = () => import('@mathbridge/contracts/validation').then((m) => m.PasswordSchema);

/** A new password and its confirmation (spec §5: at least 6 characters). */
export function NewPasswordFields({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={label ?? t('auth.password')} {...lazySchemaField(passwordSchema, true)}>
        <PasswordInput
          placeholder={t('auth.passwordPlaceholder', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={['password']}
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value === undefined || value === '') throw new Error(t('validation.required'));
              if (value !== getFieldValue('password')) throw new Error(t('validation.passwordMismatch'));
            },
          }),
        ]}
      >
        <PasswordInput placeholder={t('auth.confirmPlaceholder')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

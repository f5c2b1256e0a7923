import { Button, Form, type FormInstance, type InputRef } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyScene } from '@mathbridge/contracts/accounts';
import { VERIFY_CODE_LENGTH, VERIFY_CODE_RESEND_S, VERIFY_CODE_TTL_S } from '@mathbridge/contracts/constants';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { lazySchemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useSendVerifyCode } from '../api/send-verify-code.ts';
import { authSchemas } from './auth-schemas.ts';
import { useCountdown } from './use-countdown.ts';
import { TextInput } from '../../../components/text-inputs.tsx';

interface VerifyCodeFieldProps {
  form: FormInstance;
  /** The form field holding the phone number the code goes to. */
  phoneField: string;
  scene: VerifyScene;
}

/** The 4-character code input with its "send code" button and 60 s resend countdown. */
export function VerifyCodeField({ form, phoneField, scene }: VerifyCodeFieldProps) {
  const { t } = useTranslation();
  const sendCode = useSendVerifyCode();
  const { remaining, start } = useCountdown();
  const codeInput = useRef<InputRef>(null);

  const send = async () => {
    let phone: string;
    try {
      const values = (await form.validateFields([phoneField])) as Record<string, string>;
      phone = values[phoneField] ?? '';
    } catch {
      return; // the phone field now shows why
    }
    try {
      const result = await sendCode.mutateAsync({ phone, scene });
      start(result?.resend_after_s ?? VERIFY_CODE_RESEND_S);
      const minutes = Math.round((result?.ttl_s ?? VERIFY_CODE_TTL_S) / 60);
      notify.success(t('auth.codeSent', { minutes }));
      codeInput.current?.focus();
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <Form.Item label={t('auth.code')} required>
      <div className="mb-code-row">
        <Form.Item name="code" noStyle {...lazySchemaField(authSchemas.code, true)}>
          <TextInput
            ref={codeInput}
            aria-label={t('auth.code')}
            placeholder={t('auth.codePlaceholder', { length: VERIFY_CODE_LENGTH })}
            maxLength={VERIFY_CODE_LENGTH}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        </Form.Item>
        <Button
          onClick={() => void send()}
          disabled={remaining > 0}
          loading={sendCode.isPending}
          style={{ minWidth: 132 }}
        >
          {remaining > 0 ? t('auth.resendIn', { seconds: remaining }) : t('auth.sendCode')}
        </Button>
      </div>
    </Form.Item>
  );
}

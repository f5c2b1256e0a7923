import { MobileOutlined } from '@ant-design/icons';
import type { InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-inputs.tsx';

/**
 * The mainland mobile-number input of the sign-in, sign-up and reset screens. Form.Item's value,
 * onChange and id pass through; `autoComplete` differs per screen (username vs tel-national).
 */
export function MobileInput(props: InputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      prefix={<MobileOutlined aria-hidden />}
      placeholder={t('auth.phonePlaceholder')}
      inputMode="tel"
      maxLength={11}
      {...props}
    />
  );
}

import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INDUSTRIES } from '@mathbridge/contracts/industries';
import { useLocale } from '../i18n/locale.ts';

interface IndustrySelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** The 20 sections of GB/T 4754-2017, stored as the section letter. */
export function IndustrySelect({ id, value, onChange }: IndustrySelectProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useMemo(
    () => INDUSTRIES.map((entry) => ({ value: entry.code, label: entry.name[locale] })),
    [locale],
  );
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('common.select')}
      allowClear
    />
  );
}

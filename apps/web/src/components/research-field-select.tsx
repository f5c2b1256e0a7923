import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RESEARCH_FIELDS, MSC_CLASSES } from '@mathbridge/contracts/msc';
import { useLocale } from '../i18n/locale.ts';

interface ResearchFieldSelectProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** MSC 2020 top-level classes (codes 00–97) with localized names; stored as codes. */
export function ResearchFieldSelect({ id, value, onChange }: ResearchFieldSelectProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useMemo(
    () => MSC_CLASSES.map((entry) => ({ value: entry.code, label: `${entry.code} ${entry.name[locale]}` })),
    [locale],
  );
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      maxCount={MAX_RESEARCH_FIELDS}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('common.select')}
      allowClear
    />
  );
}

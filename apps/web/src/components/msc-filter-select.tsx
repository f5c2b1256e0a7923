import { Select } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { MSC_CLASSES } from '@mathbridge/contracts/msc';
import { useLocale } from '../i18n/locale.ts';

interface MscFilterSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  style?: CSSProperties;
}

/** One MSC 2020 top-level class to filter a list by ("11 Number theory"), or none. */
export function MscFilterSelect({ id, value, onChange, placeholder, style }: MscFilterSelectProps) {
  const locale = useLocale();
  const options = useMemo(
    () => MSC_CLASSES.map((entry) => ({ value: entry.code, label: `${entry.code} ${entry.name[locale]}` })),
    [locale],
  );
  return (
    <Select
      id={id}
      value={value}
      onChange={(next?: string) => onChange?.(next || undefined)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      allowClear
      style={style}
      popupMatchSelectWidth={false}
    />
  );
}

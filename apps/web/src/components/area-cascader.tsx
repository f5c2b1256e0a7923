import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVINCES } from '@mathbridge/contracts/regions';
import { useLocale } from '../i18n/locale.ts';

interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

interface AreaCascaderProps {
  id?: string;
  /** [province code] or [province code, city code]. */
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * Province → city over the contracts region data (spec §3, GB/T 2260). Municipalities, Hong Kong
 * and Macao have no cities: choosing them completes the choice.
 */
export function AreaCascader({ id, value, onChange }: AreaCascaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useMemo<AreaOption[]>(
    () =>
      PROVINCES.map((province) => ({
        value: province.code,
        label: province.name[locale],
        children:
          province.cities.length > 0
            ? province.cities.map((city) => ({ value: city.code, label: city.name[locale] }))
            : undefined,
      })),
    [locale],
  );
  return (
    <Cascader
      id={id}
      options={options}
      value={value}
      onChange={(next) => onChange?.((next ?? []).map(String))}
      placeholder={t('common.areaPlaceholder')}
      showSearch
      allowClear
      style={{ width: '100%' }}
    />
  );
}

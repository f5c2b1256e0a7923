import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_SHORTCUTS } from '@mathbridge/contracts/constants';
import { businessToday } from '@mathbridge/contracts/demands';

interface DeadlinePickerProps {
  id?: string;
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
}

/**
 * A deadline (demands, jobs, …): a day after today in China Standard Time (`businessToday`, the
 * server's rule), with the spec's shortcuts (a month, six months, a year from now). Pair it with
 * `dayRule` (lib/form-kit.ts) so the contracts schema checks the chosen day.
 */
export function DeadlinePicker({ id, value, onChange }: DeadlinePickerProps) {
  const { t } = useTranslation();
  const presets = useMemo(
    () =>
      DATE_SHORTCUTS.map((shortcut) => ({
        label: t(`common.datePresets.${shortcut.key}`),
        value: dayjs().add(shortcut.months, 'month'),
      })),
    [t],
  );
  return (
    <DatePicker
      id={id}
      value={value}
      onChange={(day) => onChange?.(day)}
      presets={presets}
      disabledDate={(day) => day.format('YYYY-MM-DD') <= businessToday()}
      style={{ width: '100%' }}
    />
  );
}

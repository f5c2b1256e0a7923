import { industryName } from '@mathbridge/contracts/industries';
import type { Locale } from '@mathbridge/contracts/locales';
import { regionName } from '@mathbridge/contracts/regions';

/** "Guangdong · Shenzhen"; a municipality shows once. */
export function areaLabel(provinceCode: string, cityCode: string | null, locale: Locale): string {
  const province = regionName(provinceCode, locale) ?? '';
  const city = cityCode ? regionName(cityCode, locale) : undefined;
  return city && city !== province ? `${province} · ${city}` : province;
}

export const industryLabel = (code: string, locale: Locale): string => industryName(code, locale) ?? code;

/** The month something happened, in the reader's language ("Nov 2026", "2026年11月"). */
export function monthLabel(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short' }).format(date);
}

import type { Locale } from '@mathbridge/contracts/locales';
import { industryName } from '@mathbridge/contracts/industries';
import { mscName } from '@mathbridge/contracts/msc';
import { regionName } from '@mathbridge/contracts/regions';

/** "Guangdong · Shenzhen" (a municipality shows once). */
export function areaName(
  provinceCode: string | null | undefined,
  cityCode: string | null | undefined,
  locale: Locale,
): string {
  const province = provinceCode ? regionName(provinceCode, locale) : undefined;
  const city = cityCode ? regionName(cityCode, locale) : undefined;
  if (!province) return '';
  return city && city !== province ? `${province} · ${city}` : province;
}

export function industryLabel(code: string | null | undefined, locale: Locale): string {
  return code ? (industryName(code, locale) ?? code) : '';
}

/** "11 Number theory". */
export function researchFieldLabel(code: string, locale: Locale): string {
  const name = mscName(code, locale);
  return name ? `${code} ${name}` : code;
}

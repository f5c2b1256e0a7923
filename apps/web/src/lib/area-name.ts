import type { Locale } from '@mathbridge/contracts/locales';
import { regionName } from '@mathbridge/contracts/regions';

/**
 * "Guangdong · Shenzhen" (a municipality shows once). Apart from reference-names.ts, whose other
 * lookups bring the discipline codes and zod along: public pages import this one.
 */
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

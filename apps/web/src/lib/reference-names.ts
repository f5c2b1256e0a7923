import type { Locale } from '@mathbridge/contracts/locales';
import { industryName } from '@mathbridge/contracts/industries';
import { mscName } from '@mathbridge/contracts/msc-classes';

export { areaName } from './area-name.ts';

export function industryLabel(code: string | null | undefined, locale: Locale): string {
  return code ? (industryName(code, locale) ?? code) : '';
}

/** "11 Number theory". */
export function researchFieldLabel(code: string, locale: Locale): string {
  const name = mscName(code, locale);
  return name ? `${code} ${name}` : code;
}

import type { Locale } from '@mathbridge/contracts/locales';

/** A count in the reader's language (grouping separators). */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale).format(value);
}

import { useTranslation } from 'react-i18next';
import type { ArticleCategory } from '@mathbridge/contracts/content';
import type { Locale } from '@mathbridge/contracts/locales';
import { currentLocale } from '../../../i18n/locale.ts';

/** The UI locale, re-read when the language changes. */
export function useLocale(): Locale {
  useTranslation();
  return currentLocale();
}

type Named = Pick<ArticleCategory, 'name_zh_cn' | 'name_zh_hk' | 'name_en'>;

/** A category's name in the reader's language. */
export function categoryName(category: Named, locale: Locale): string {
  if (locale === 'zh-HK') return category.name_zh_hk;
  if (locale === 'en-US') return category.name_en;
  return category.name_zh_cn;
}

/** A count in the reader's language (grouping separators). */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale).format(value);
}

import type { ArticleCategory } from '@mathbridge/contracts/content';
import type { Locale } from '@mathbridge/contracts/locales';

type Named = Pick<ArticleCategory, 'name_zh_cn' | 'name_zh_hk' | 'name_en'>;

/** An article category's name in the reader's language (the portal's pages and the content manager). */
export function categoryName(category: Named, locale: Locale): string {
  if (locale === 'zh-HK') return category.name_zh_hk;
  if (locale === 'en-US') return category.name_en;
  return category.name_zh_cn;
}

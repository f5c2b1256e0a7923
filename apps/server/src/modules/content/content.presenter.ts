import type {
  Article,
  ArticleCategory,
  ArticleState,
  ArticleSummary,
  Banner,
  ConsultationItem,
  ConsultationState,
  ConsultationTopic,
  ManualAudience,
  ManualPage,
  SitePage,
  SitePageSlug,
} from '@mathbridge/contracts/content';
import type {
  ConsultationRow,
  ContentArticleRow,
  ContentBannerRow,
  ContentCategoryRow,
  ContentManualPageRow,
  ContentSitePageRow,
} from '../../db/types.ts';
import type { ArticleSummaryRow } from './content.repository.ts';

/** Content rows → API shapes (the API never answers raw rows). */

/** Where an image of the content (cover, banner) is served: public for visible content. */
export const contentImageUrl = (fileId: number): string => `/api/index/cover/${fileId}`;

export const presentCategory = (row: ContentCategoryRow, articleCount: number): ArticleCategory => ({
  id: row.id,
  slug: row.slug,
  name_zh_cn: row.name_zh_cn,
  name_zh_hk: row.name_zh_hk,
  name_en: row.name_en,
  sort: Number(row.sort),
  system: Number(row.system) === 1,
  article_count: articleCount,
});

const categoryRef = (category: ContentCategoryRow | undefined, id: number): ArticleSummary['category'] => ({
  id,
  slug: category?.slug ?? '',
  name_zh_cn: category?.name_zh_cn ?? '',
  name_zh_hk: category?.name_zh_hk ?? '',
  name_en: category?.name_en ?? '',
});

export const presentArticleSummary = (
  row: ArticleSummaryRow,
  categories: ReadonlyMap<number, ContentCategoryRow>,
): ArticleSummary => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  author: row.author,
  category: categoryRef(categories.get(row.category_id), row.category_id),
  cover_url: row.cover_file_id === null ? null : contentImageUrl(row.cover_file_id),
  status: row.status as ArticleState,
  recommended: Number(row.recommended) === 1 ? 1 : 0,
  publish_at: row.publish_at,
  views: Number(row.views ?? 0),
  updated_at: row.updated_at,
});

export const presentArticle = (
  row: ContentArticleRow & { views: number | null },
  categories: ReadonlyMap<number, ContentCategoryRow>,
): Article => ({
  ...presentArticleSummary(row, categories),
  body: row.body,
  cover_file_id: row.cover_file_id,
  created_at: row.created_at,
});

export const presentBanner = (row: ContentBannerRow): Banner => ({
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  image_file_id: row.image_file_id,
  image_url: contentImageUrl(row.image_file_id),
  link: row.link,
  sort: Number(row.sort),
  active: Number(row.active) === 1 ? 1 : 0,
  updated_at: row.updated_at,
});

export const presentManualPage = (row: ContentManualPageRow): ManualPage => ({
  id: row.id,
  audience: row.audience as ManualAudience,
  title: row.title,
  body: row.body,
  sort: Number(row.sort),
  updated_at: row.updated_at,
});

/** A saved micro-site page, or the empty one a page never saved reads as. */
export const presentSitePage = (slug: SitePageSlug, row: ContentSitePageRow | undefined): SitePage => ({
  slug,
  title: row?.title ?? '',
  body: row?.body ?? '',
  updated_at: row?.updated_at ?? null,
});

export const presentConsultation = (row: ConsultationRow, handlerName: string | null): ConsultationItem => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  organisation: row.organisation,
  topic: row.topic as ConsultationTopic,
  content: row.content,
  status: row.status as ConsultationState,
  reply_note: row.reply_note,
  handled_by: row.handled_by === null ? null : { id: row.handled_by, name: handlerName ?? String(row.handled_by) },
  handled_at: row.handled_at,
  created_at: row.created_at,
});

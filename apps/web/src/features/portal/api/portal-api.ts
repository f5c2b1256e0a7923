import type {
  ArticleCategory,
  ArticlePage,
  ArticleSummary,
  Banner,
  Consultation,
  NewsDetail,
  Statistics,
  SubStatic,
  SubStaticRole,
} from '@mathbridge/contracts/content';
import { api } from '../../../lib/api-client.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';

/*
 * The portal's reads (index/*, public). They go through the light usePublicQuery instead of
 * TanStack Query, which stays out of the public pages' first load (DESIGN §8). Every page shows its
 * own loading, empty and error state, so the client adds no toast (reportErrors: false).
 */

const quiet = (signal: AbortSignal) => ({ signal, reportErrors: false });

/** GET index/statistics: the platform's numbers (cached by the server for a minute). */
export function useStatistics() {
  return usePublicQuery('statistics', (signal) => api.get<Statistics>('index/statistics', undefined, quiet(signal)));
}

/** GET index/getSubStatic?role=: the numbers of one role page. */
export function useSubStatic(role: SubStaticRole) {
  return usePublicQuery(role, (signal) => api.get<SubStatic>('index/getSubStatic', { role }, quiet(signal)));
}

/** GET index/getBanner: active banners, in their order. */
export function useBanners() {
  return usePublicQuery('banners', (signal) => api.get<Banner[]>('index/getBanner', undefined, quiet(signal)));
}

/** GET index/getRecomendArticle?limit= (the spec's spelling). */
export function useRecommendedArticles(limit: number) {
  return usePublicQuery(String(limit), (signal) =>
    api.get<ArticleSummary[]>('index/getRecomendArticle', { limit }, quiet(signal)),
  );
}

/** GET index/categories: article categories with their published counts. */
export function useCategories() {
  return usePublicQuery('categories', (signal) =>
    api.get<ArticleCategory[]>('index/categories', undefined, quiet(signal)),
  );
}

export interface NewsFilter {
  page: number;
  page_size: number;
  category?: string;
  keyword?: string;
}

/** GET index/getNewsList: published articles, newest first. */
export function useNewsList(filter: NewsFilter) {
  return usePublicQuery(JSON.stringify(filter), (signal) =>
    api.get<ArticlePage>('index/getNewsList', { ...filter }, quiet(signal)),
  );
}

/** GET index/getNewsDetail?id=: the article (counts a view), its neighbours and recommendations. */
export function useNewsDetail(id: number | null) {
  return usePublicQuery(
    String(id),
    (signal) => api.get<NewsDetail>('index/getNewsDetail', { id: id ?? 0 }, quiet(signal)),
    id !== null,
  );
}

/** POST index/addConsultation: a visitor's question to the platform (validated, rate limited). */
export function addConsultation(values: Consultation): Promise<{ id: number }> {
  return api.post<{ id: number }>('index/addConsultation', { ...values }, { reportErrors: false });
}

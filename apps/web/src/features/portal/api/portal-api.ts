import type { Consultation, ConsultationReceived, SubStaticRole } from '@mathbridge/contracts/content';
import { contentEndpoints as calls } from '@mathbridge/contracts/endpoints/content';
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
  return usePublicQuery('statistics', (signal) => api.call(calls.statistics, {}, quiet(signal)));
}

/** GET index/getSubStatic?role=: the numbers of one role page. */
export function useSubStatic(role: SubStaticRole) {
  return usePublicQuery(role, (signal) => api.call(calls.subStatic, { role }, quiet(signal)));
}

/** GET index/getBanner: active banners, in their order. */
export function useBanners() {
  return usePublicQuery('banners', (signal) => api.call(calls.banners, {}, quiet(signal)));
}

/** GET index/getRecomendArticle?limit= (the spec's spelling). */
export function useRecommendedArticles(limit: number) {
  return usePublicQuery(String(limit), (signal) => api.call(calls.recommended, { limit }, quiet(signal)));
}

/** GET index/categories: article categories with their published counts. */
export function useCategories() {
  return usePublicQuery('categories', (signal) => api.call(calls.categories, {}, quiet(signal)));
}

export interface NewsFilter {
  page: number;
  page_size: number;
  category?: string;
  keyword?: string;
}

/** GET index/getNewsList: published articles, newest first. */
export function useNewsList(filter: NewsFilter) {
  return usePublicQuery(JSON.stringify(filter), (signal) => api.call(calls.newsList, filter, quiet(signal)));
}

/** GET index/getNewsDetail?id=: the article (counts a view), its neighbours and recommendations. */
export function useNewsDetail(id: number | null) {
  return usePublicQuery(
    String(id),
    (signal) => api.call(calls.newsDetail, { id: id ?? 0 }, quiet(signal)),
    id !== null,
  );
}

/** POST index/addConsultation: a visitor's question to the platform (validated, rate limited). */
export function addConsultation(values: Consultation): Promise<ConsultationReceived> {
  return api.call(calls.addConsultation, values, { reportErrors: false });
}

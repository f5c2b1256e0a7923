import { notebookEndpoints as calls } from '@mathbridge/contracts/endpoints/notebooks';
import { api } from '../../../lib/api-client.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';

/*
 * The achievement area's reads (public). They go through the light usePublicQuery instead of
 * TanStack Query, which stays out of the public pages' first load (DESIGN §8); each page shows its
 * own loading, empty and error state, so the client adds no toast (reportErrors: false).
 */

const quiet = (signal: AbortSignal) => ({ signal, reportErrors: false });

/** GET category/list: the notebook categories in their order, with their accepted-notebook counts. */
export function useNotebookCategories() {
  return usePublicQuery('notebook-categories', (signal) => api.call(calls.categoryList, {}, quiet(signal)));
}

export interface AchievementFilter {
  page: number;
  page_size: number;
  category_id?: number;
  keyword?: string;
}

/** GET notebook/achievements: accepted notebooks, newest acceptance first. */
export function useAchievements(filter: AchievementFilter) {
  return usePublicQuery(JSON.stringify(filter), (signal) => api.call(calls.achievements, filter, quiet(signal)));
}

/** GET notebook/userNotebooks: one user's public page (published for members, accepted for visitors). */
export function useUserNotebooks(filter: { user_id: number; page: number; page_size: number }) {
  return usePublicQuery(JSON.stringify(filter), (signal) => api.call(calls.userNotebooks, filter, quiet(signal)));
}

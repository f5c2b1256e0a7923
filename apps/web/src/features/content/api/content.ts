import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ARTICLE_STATES } from '@mathbridge/contracts/content';
import type {
  ArticleSave,
  ArticleState,
  Banner,
  BannerSave,
  CategorySave,
  ConsultationState,
  ContentImage,
  ManualSave,
  SitePageSave,
} from '@mathbridge/contracts/content';
import { contentEndpoints as calls } from '@mathbridge/contracts/endpoints/content';
import { api } from '../../../lib/api-client.ts';

/** The content manager's calls (`content/*`, admins only; DESIGN §11). */

export const contentKeys = {
  all: ['content'] as const,
  articles: (params: object) => ['content', 'articles', params] as const,
  article: (id: number) => ['content', 'article', id] as const,
  categories: ['content', 'categories'] as const,
  banners: ['content', 'banners'] as const,
  manual: ['content', 'manual'] as const,
  site: ['content', 'site'] as const,
  consultations: (params: object) => ['content', 'consultations', params] as const,
};

const invalidate = (queryClient: QueryClient, key: readonly unknown[] = contentKeys.all) =>
  queryClient.invalidateQueries({ queryKey: key });

/* ---- articles ---- */

export interface ArticleListParams {
  status?: ArticleState;
  category_id?: number;
  keyword?: string;
  page: number;
  page_size: number;
}

/** GET content/article/list: every state, newest change first. */
export function useArticles(params: ArticleListParams) {
  return useQuery({
    queryKey: contentKeys.articles(params),
    queryFn: ({ signal }) => api.call(calls.articleList, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * How many articles each state holds under the list's category and keyword (the status tabs'
 * counts): the list call answers its total, so one row per state is asked for.
 */
export function useArticleCounts(
  filters: Pick<ArticleListParams, 'category_id' | 'keyword'>,
): Partial<Record<ArticleState, number>> {
  const results = useQueries({
    queries: ARTICLE_STATES.map((status) => {
      const params = { ...filters, status, page: 1, page_size: 1 };
      return {
        queryKey: contentKeys.articles(params),
        queryFn: ({ signal }: { signal: AbortSignal }) => api.call(calls.articleList, params, { signal }),
        placeholderData: keepPreviousData,
      };
    }),
  });
  const counts: Partial<Record<ArticleState, number>> = {};
  ARTICLE_STATES.forEach((status, index) => {
    const total = results[index]?.data?.total;
    if (total !== undefined) counts[status] = total;
  });
  return counts;
}

/** GET content/article/detail/:id (a missing article is the form's own 'not found' state). */
export function useArticle(id: number | undefined) {
  return useQuery({
    queryKey: contentKeys.article(id ?? 0),
    queryFn: ({ signal }) => api.call(calls.articleDetail, { id: id ?? 0 }, { signal, reportErrors: false }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** POST content/article/save: a new draft or an edit; field errors come back to the form. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: ArticleSave) => api.call(calls.articleSave, input, { reportErrors: false }),
    onSuccess: async (article) => {
      queryClient.setQueryData(contentKeys.article(article.id), article);
      await invalidate(queryClient, ['content', 'articles']);
    },
  });
}

/** POST content/article/publish: now (no publish_at) or scheduled. */
export function usePublishArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: { id: number; publish_at?: string }) =>
      api.call(calls.articlePublish, input, { reportErrors: false }),
    onSettled: () => invalidate(queryClient),
  });
}

export type ArticleAction = 'withdraw' | 'delete';

const ARTICLE_ACTIONS = {
  publish: calls.articlePublish,
  withdraw: calls.articleWithdraw,
  delete: calls.articleDelete,
} as const;

/** POST content/article/{withdraw|delete} (or publish now). */
export function useArticleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ArticleAction | 'publish' }) =>
      api.call(ARTICLE_ACTIONS[action], { id }),
    onSettled: () => invalidate(queryClient),
  });
}

/** POST content/upload_cover (multipart `file`, an image): the file id to save and its public URL. */
export function uploadCover(file: File): Promise<ContentImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.callUpload(calls.uploadCover, form, { reportErrors: false });
}

/* ---- categories ---- */

/** GET content/category/list: every category with its published-article count. */
export function useCategories() {
  return useQuery({
    queryKey: contentKeys.categories,
    queryFn: ({ signal }) => api.call(calls.categoryList, {}, { signal }),
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: CategorySave) => api.call(calls.categorySave, input, { reportErrors: false }),
    onSuccess: () => invalidate(queryClient),
  });
}

/* ---- banners ---- */

export function useBanners() {
  return useQuery({
    queryKey: contentKeys.banners,
    queryFn: ({ signal }) => api.call(calls.bannerList, {}, { signal }),
  });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: BannerSave) => api.call(calls.bannerSave, input, { reportErrors: false }),
    onSuccess: () => invalidate(queryClient, contentKeys.banners),
  });
}

/** The active switch of a list row: the whole banner saved again with the new flag. */
export function useToggleBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banner: Banner) =>
      api.call(calls.bannerSave, {
        id: banner.id,
        title: banner.title,
        subtitle: banner.subtitle ?? undefined,
        image_file_id: banner.image_file_id,
        link: banner.link ?? undefined,
        sort: banner.sort,
        active: banner.active ? 0 : 1,
      }),
    onSettled: () => invalidate(queryClient, contentKeys.banners),
  });
}

/* ---- manual ---- */

export function useManualPages() {
  return useQuery({
    queryKey: contentKeys.manual,
    queryFn: ({ signal }) => api.call(calls.manualList, {}, { signal }),
  });
}

export function useSaveManualPage() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: ManualSave) => api.call(calls.manualSave, input, { reportErrors: false }),
    onSuccess: () => invalidate(queryClient, contentKeys.manual),
  });
}

/* ---- micro-site ---- */

export function useSitePages() {
  return useQuery({
    queryKey: contentKeys.site,
    queryFn: ({ signal }) => api.call(calls.siteList, {}, { signal }),
  });
}

export function useSaveSitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: SitePageSave) => api.call(calls.siteSave, input, { reportErrors: false }),
    onSuccess: () => invalidate(queryClient, contentKeys.site),
  });
}

/* ---- consultations ---- */

export interface ConsultationListParams {
  status?: ConsultationState;
  page: number;
  page_size: number;
}

export function useConsultations(params: ConsultationListParams) {
  return useQuery({
    queryKey: contentKeys.consultations(params),
    queryFn: ({ signal }) => api.call(calls.consultationList, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The number of new consultations (the sub-navigation's badge). */
export function useNewConsultationCount(): number | undefined {
  const query = useConsultations({ status: 'new', page: 1, page_size: 1 });
  return query.data?.counts.new;
}

export function useHandleConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: { id: number; reply_note: string }) =>
      api.call(calls.consultationHandle, input, { reportErrors: false }),
    onSuccess: () => invalidate(queryClient, ['content', 'consultations']),
  });
}

/* ---- deleting (categories, banners, manual pages) ---- */

const DELETES = {
  category: calls.categoryDelete,
  banner: calls.bannerDelete,
  manual: calls.manualDelete,
} as const;

export type DeletableKind = keyof typeof DELETES;

/** POST content/{category|banner|manual}/delete. */
export function useDeleteContent(kind: DeletableKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(DELETES[kind], { id }),
    onSettled: () => invalidate(queryClient),
  });
}

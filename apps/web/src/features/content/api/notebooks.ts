import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { notebookEndpoints as calls } from '@mathbridge/contracts/endpoints/notebooks';
import type { NotebookCategorySave, NotebookImage, NotebookReview } from '@mathbridge/contracts/notebooks';
import { api } from '../../../lib/api-client.ts';

/** The achievement area's admin calls (issue 12, DESIGN §12): notebook categories and contributions. */

export type ContributionTab = 'pending' | 'accepted' | 'rejected';
export const CONTRIBUTION_TABS: readonly ContributionTab[] = ['pending', 'accepted', 'rejected'];

export const notebookAdminKeys = {
  categories: ['notebook-admin', 'categories'] as const,
  contributions: (params: object) => ['notebook-admin', 'contributions', params] as const,
};

/** GET category/list: every notebook category in its order, with its accepted-notebook count. */
export function useNotebookCategories() {
  return useQuery({
    queryKey: notebookAdminKeys.categories,
    queryFn: ({ signal }) => api.call(calls.categoryList, {}, { signal }),
  });
}

/** POST category/save: a new category or an edit; field errors come back to the form. */
export function useSaveNotebookCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows the refusal (on its fields, or as a message).
    meta: { formErrors: true },
    mutationFn: (input: NotebookCategorySave) => api.call(calls.categorySave, input, { reportErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notebookAdminKeys.categories }),
  });
}

/** POST category/delete: refused (409, the server's message shown) while notebooks use it. */
export function useDeleteNotebookCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.categoryDelete, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookAdminKeys.categories }),
  });
}

/** POST category/upload_cover (multipart `file`, an image): the file id to save and its URL. */
export function uploadCategoryCover(file: File): Promise<NotebookImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.callUpload(calls.categoryUploadCover, form, { reportErrors: false });
}

export interface ContributionListParams {
  contribution: ContributionTab;
  page: number;
  page_size: number;
}

/** GET notebook/contributions: one state's contributions (pending: oldest first). */
export function useContributions(params: ContributionListParams) {
  return useQuery({
    queryKey: notebookAdminKeys.contributions(params),
    queryFn: ({ signal }) => api.call(calls.contributions, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many contributions each state holds (the tabs' counts): one row per state is asked for. */
export function useContributionCounts(): Partial<Record<ContributionTab, number>> {
  const results = useQueries({
    queries: CONTRIBUTION_TABS.map((contribution) => {
      const params = { contribution, page: 1, page_size: 1 };
      return {
        queryKey: notebookAdminKeys.contributions(params),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api.call(calls.contributions, params, { signal, reportErrors: false }),
      };
    }),
  });
  const counts: Partial<Record<ContributionTab, number>> = {};
  CONTRIBUTION_TABS.forEach((tab, index) => {
    const total = results[index]?.data?.total;
    if (total !== undefined) counts[tab] = total;
  });
  return counts;
}

/**
 * POST notebook/review: accept (a refusal is shown as a message), or reject with a reason from a
 * dialog (`inForm`: the dialog shows the refusal on its field).
 */
export function useReviewContribution({ inForm = false }: { inForm?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { formErrors: inForm },
    mutationFn: (input: NotebookReview) => api.call(calls.review, input, { reportErrors: !inForm }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notebook-admin', 'contributions'] }),
  });
}

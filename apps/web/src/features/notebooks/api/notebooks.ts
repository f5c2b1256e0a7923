import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { KernelInfo, MyNotebooksQuery, NotebookCategory, NotebookSave } from '@mathbridge/contracts/notebooks';
import { kernelEndpoints } from '@mathbridge/contracts/endpoints/kernels';
import { notebookEndpoints as calls } from '@mathbridge/contracts/endpoints/notebooks';
import { api } from '../../../lib/api-client.ts';
import { uploadTo } from '../../../lib/upload-request.ts';
import { canRunCode } from '../lib/kernel-access.ts';
import {
  KernelCheckError,
  kernelCheckDelay,
  kernelCheckFailureOf,
  recheckOnReturn,
  retryKernelCheck,
  type KernelCheckFailure,
} from '../lib/kernel-check.ts';

export {
  copyNotebook,
  downloadDocument,
  exportFailureMessage,
  exportNotebook,
  getDeliverable,
  getNotebookDetail,
} from './public.ts';

/** Calls of notebooks (issue 12, DESIGN §12; packages/contracts/src/notebooks.ts). */

export const notebookKeys = {
  all: ['notebooks'] as const,
  my: (params: object) => ['notebooks', 'my', params] as const,
  detail: (id: number) => ['notebooks', 'detail', id] as const,
  categories: ['notebooks', 'categories'] as const,
  kernelInfo: ['notebooks', 'kernelInfo'] as const,
};

export function useMyNotebooks(query: Partial<MyNotebooksQuery>) {
  return useQuery({
    queryKey: notebookKeys.my(query),
    queryFn: ({ signal }) => api.call(calls.my, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNotebookDetail(id: number | null) {
  return useQuery({
    queryKey: notebookKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call(calls.detail, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    // The editor holds its own copy; a refetch in the background must not replace typing (nor
    // one on reconnecting, once the editor's writes have marked the copy out of date).
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
  });
}

/**
 * After the editor's own writes (save, attachments): the cached notebook is marked out of date, not
 * refetched, since a refetch remounts the open editor over unsaved work; its next opening loads it.
 */
export function markNotebookOutdated(queryClient: QueryClient, id: number) {
  return queryClient.invalidateQueries({ queryKey: notebookKeys.detail(id), refetchType: 'none' });
}

export function useCategories() {
  return useQuery({
    queryKey: notebookKeys.categories,
    // The select is optional: without the list it is just empty (no error notice over the editor).
    queryFn: ({ signal }) =>
      api.call(calls.categoryList, {}, { signal, reportErrors: false }).catch(() => [] as NotebookCategory[]),
    staleTime: 5 * 60_000,
  });
}

/** `GET notebook/kernelInfo` (public): whether code can run here, and whether the caller may. */
export function getKernelInfo(signal?: AbortSignal) {
  return api.call(kernelEndpoints.kernelInfo, {}, { signal, reportErrors: false });
}

/**
 * The availability check as a query (`load` is replaceable for tests). A failure is not kept as an
 * answer: it is retried with backoff, again when the user comes back to the tab, and the notice says
 * what failed (see lib/kernel-check.ts).
 */
export function kernelInfoQueryFor(load: (signal: AbortSignal) => Promise<KernelInfo>) {
  return queryOptions({
    queryKey: notebookKeys.kernelInfo,
    queryFn: ({ signal }) =>
      load(signal).catch((error: unknown) => {
        throw new KernelCheckError(kernelCheckFailureOf(error), { cause: error });
      }),
    staleTime: 30_000,
    retry: retryKernelCheck,
    retryDelay: kernelCheckDelay,
    refetchOnWindowFocus: (query) => (recheckOnReturn(query.state.data) ? 'always' : false),
  });
}

const kernelInfoQuery = kernelInfoQueryFor(getKernelInfo);

/** Whether code can run here, as far as the page knows, and a way to ask again. */
export interface KernelCheck {
  /** The server's last answer. */
  info: KernelInfo | undefined;
  /** Why the checks got no answer, while there is none (retries may be under way: `checking`). */
  failure: KernelCheckFailure | null;
  /** A check is in flight (the first, a retry, or one the user asked for). */
  checking: boolean;
  /** Checks again at once; resolves whether code can run then. */
  recheck: () => Promise<boolean>;
}

/**
 * The user is waiting (they asked to run, or to check again): one attempt now instead of the rest of
 * a backoff series. Resolves whether code can run after it.
 */
export async function recheckKernels(
  queryClient: QueryClient,
  query: ReturnType<typeof kernelInfoQueryFor> = kernelInfoQuery,
): Promise<boolean> {
  await queryClient.cancelQueries({ queryKey: query.queryKey });
  try {
    return canRunCode(await queryClient.fetchQuery({ ...query, retry: false, staleTime: 0 }));
  } catch {
    return false;
  }
}

/** The page's availability check (editor, run mode). */
export function useKernelCheck(): KernelCheck {
  const queryClient = useQueryClient();
  const query = useQuery(kernelInfoQuery);
  const recheck = useCallback(() => recheckKernels(queryClient), [queryClient]);
  return { ...kernelCheckOf(query), recheck };
}

/** The check as the page shows it, from the state of its query. */
export function kernelCheckOf(
  result: Pick<QueryObserverResult<KernelInfo, unknown>, 'data' | 'error' | 'failureReason' | 'isFetching'>,
): Omit<KernelCheck, 'recheck'> {
  // A failure counts only while there is no answer (the first one, or a retry's, before the series
  // gives up): a failed refresh of a good answer does not stop runs (a start that fails says why).
  const error = result.data === undefined ? (result.error ?? result.failureReason) : null;
  return {
    info: result.data,
    failure: error ? kernelCheckFailureOf(error) : null,
    checking: result.isFetching,
  };
}

/** `category/list` may answer a page or an array; the select wants the array. */
export function categoryItems(
  data: NotebookCategory[] | { items: NotebookCategory[] } | undefined,
): NotebookCategory[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.items;
}

export function saveNotebook(body: NotebookSave) {
  return api.call(calls.save, body, { reportErrors: false });
}

/** `POST notebook/upload_cover` (image profile): the file id to save and its URL. */
export function uploadCover(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.callUpload(calls.uploadCover, form);
}

export function uploadAttachment(notebookId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  // The notebook rides in the query (the call's input), not in the form.
  return uploadTo(calls.uploadAttachment, form, { query: { id: notebookId } });
}

/** `POST notebook/import` (multipart `file`): the new draft. 400s are shown by the caller. */
export function importNotebook(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.callUpload(calls.import, form, { reportErrors: false });
}

const notebookActions = {
  publish: calls.publish,
  unpublish: calls.unpublish,
  contribute: calls.contribute,
  delete: calls.delete,
  delete_attachment: calls.deleteAttachment,
} as const;

/** publish | unpublish | contribute | delete | delete_attachment, then every notebook query refreshes. */
export function useNotebookAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      id,
    }: {
      action: 'publish' | 'unpublish' | 'contribute' | 'delete' | 'delete_attachment';
      id: number;
    }) => api.call(notebookActions[action], { id }),
    // An attachment is removed in the open editor, which updates its own list: refetching its
    // notebook now would remount it over unsaved work, so the queries are only marked out of date.
    onSuccess: (_, { action }) =>
      queryClient.invalidateQueries({
        queryKey: notebookKeys.all,
        refetchType: action === 'delete_attachment' ? 'none' : 'active',
      }),
  });
}

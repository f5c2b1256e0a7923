import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  KernelInfo,
  MyNotebooksQuery,
  NotebookAttachment,
  NotebookCategory,
  NotebookDetail,
  NotebookPage,
  NotebookSave,
} from '@mathbridge/contracts/notebooks';
import { api } from '../../../lib/api-client.ts';

export { copyNotebook, downloadDocument, exportNotebook, getDeliverable, getNotebookDetail } from './public.ts';

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
    queryFn: ({ signal }) => api.get<NotebookPage>('notebook/my', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNotebookDetail(id: number | null) {
  return useQuery({
    queryKey: notebookKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<NotebookDetail>(`notebook/detail/${id}`, {}, { signal }),
    enabled: id !== null,
    // The editor holds its own copy; a refetch in the background must not replace typing.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: notebookKeys.categories,
    // The select is optional: without the list it is just empty (no error notice over the editor).
    queryFn: ({ signal }) =>
      api
        .get<NotebookCategory[] | { items: NotebookCategory[] }>('category/list', {}, { signal, reportErrors: false })
        .catch(() => [] as NotebookCategory[]),
    staleTime: 5 * 60_000,
  });
}

/** kernelInfo did not answer: code cannot run (the notice says so); who may run it is not in question then. */
const UNREACHABLE: KernelInfo = {
  available: false,
  reason: 'failed',
  limits: {
    cpu_seconds: 0,
    memory_mb: 0,
    wall_seconds: 0,
    idle_seconds: 0,
    output_bytes: 0,
    file_mb: 0,
    disk_mb: 0,
    processes: 0,
  },
  kernel_id: null,
  access: 'allowed',
};

export function useKernelInfo(enabled = true) {
  return useQuery({
    queryKey: notebookKeys.kernelInfo,
    // Not reachable means code cannot run here: the editor says so in its notice, not in a red toast.
    queryFn: ({ signal }) =>
      api.get<KernelInfo>('notebook/kernelInfo', {}, { signal, reportErrors: false }).catch(() => UNREACHABLE),
    enabled,
    staleTime: 30_000,
  });
}

/** `category/list` may answer a page or an array; the select wants the array. */
export function categoryItems(
  data: NotebookCategory[] | { items: NotebookCategory[] } | undefined,
): NotebookCategory[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.items;
}

export function saveNotebook(body: NotebookSave) {
  return api.post<NotebookDetail>('notebook/save', { ...body }, { reportErrors: false });
}

/** `POST notebook/upload_cover` (image profile): the file id to save and its URL. */
export function uploadCover(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<{ file_id: number; url: string }>('notebook/upload_cover', form);
}

export function uploadAttachment(notebookId: number, file: File) {
  const form = new FormData();
  form.append('id', String(notebookId));
  form.append('file', file, file.name);
  return api.upload<NotebookAttachment>(`notebook/upload_attachment?id=${notebookId}`, form);
}

/** `POST notebook/import` (multipart `file`): the new draft. 400s are shown by the caller. */
export function importNotebook(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<{ id: number }>('notebook/import', form, { reportErrors: false });
}

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
    }) => api.post<unknown>(`notebook/${action}`, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
  });
}

import type { NotebookDeliverableDetail, NotebookDetail, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { api } from '../../../lib/api-client.ts';
import { followDownload } from '../../../lib/download.ts';

/**
 * The public read calls of notebooks (detail, deliverable, copy, export): no TanStack Query and no
 * runtime import from contracts, so `/achievement/{id}` keeps them out of its first load (DESIGN §8).
 * The workspace pages import them through api/notebooks.ts.
 */

export function getDeliverable(id: number, signal?: AbortSignal) {
  return api.get<NotebookDeliverableDetail>(`notebook/deliverable/${id}`, {}, { signal });
}

export function getNotebookDetail(id: number, signal?: AbortSignal) {
  return api.get<NotebookDetail>(`notebook/detail/${id}`, {}, { signal });
}

/** `POST notebook/copy`: a copy of a readable notebook (or of a deliverable) as the caller's own draft. */
export function copyNotebook(body: { id?: number; deliverable_id?: number }) {
  return api.post<{ id: number }>('notebook/copy', body);
}

/** A document as a downloaded `.ipynb`. */
export function downloadDocument(document: NotebookDocument, title: string): void {
  const blob = new Blob([JSON.stringify(document, null, 1)], { type: 'application/x-ipynb+json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `${title.replace(/[\\/:*?"<>|]+/g, '_') || 'notebook'}.ipynb`;
  window.document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `GET notebook/export/{id}`: the `.ipynb`. The server answers either the document itself or a
 * signed link to it; both are handled.
 */
export async function exportNotebook(id: number, title: string): Promise<void> {
  const result = await api.get<NotebookDocument | { url: string }>(`notebook/export/${id}`);
  if ('url' in result && typeof result.url === 'string') followDownload(result.url);
  else downloadDocument(result as NotebookDocument, title);
}

import { STATUS } from '@mathbridge/contracts/api';
import { notebookEndpoints as calls } from '@mathbridge/contracts/endpoints/notebooks';
import type { NotebookDocument } from '@mathbridge/contracts/notebooks';
import { api, type RequestOptions } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { saveFile } from '../../../lib/download.ts';

/**
 * The public read calls of notebooks (detail, deliverable, copy, export): no TanStack Query, and of
 * contracts only the small `api` and the endpoint table (schema-free in the browser, vite.config.ts)
 * the API client loads anyway, so `/achievement/{id}` keeps the rest out of its first load
 * (DESIGN §8). The workspace pages import them through api/notebooks.ts.
 */

export function getDeliverable(id: number, signal?: AbortSignal) {
  return api.call(calls.deliverable, { id }, { signal });
}

/**
 * `GET notebook/detail/{id}`. `visitor`: a refusal (305, a notebook not public: a draft, a withdrawn
 * or a members-only one, or none) is thrown for the page to explain instead of leading to sign-in,
 * since signing in shows a draft to nobody but its author.
 */
export function getNotebookDetail(id: number, signal?: AbortSignal, visitor = false) {
  const options: RequestOptions = visitor ? { signal, authFailure: 'silent' } : { signal };
  return api.call(calls.detail, { id }, options);
}

/** Whether a detail call failed because the notebook is not public (the visitor's 305). */
export function isNotPublic(error: unknown): boolean {
  return isApiError(error) && error.status === STATUS.notLoggedIn;
}

/** `POST notebook/copy`: a copy of a readable notebook (or of a deliverable) as the caller's own draft. */
export function copyNotebook(body: { id?: number; deliverable_id?: number }) {
  return api.call(calls.copy, body);
}

/** The name a downloaded notebook gets from its title (no characters file systems refuse). */
export function notebookFileName(title: string): string {
  return `${title.replace(/[\\/:*?"<>|]+/g, '_') || 'notebook'}.ipynb`;
}

/** A document as a downloaded `.ipynb`. */
export function downloadDocument(document: NotebookDocument, title: string): void {
  const blob = new Blob([JSON.stringify(document, null, 1)], { type: 'application/x-ipynb+json' });
  saveFile(blob, notebookFileName(title));
}

/**
 * `GET notebook/export/{id}`: the server's `.ipynb` (the owner's document, a reader's published
 * snapshot), downloaded under the server's file name. A refusal throws an ApiError for the caller
 * to explain (see `exportFailureMessage`).
 */
export async function exportNotebook(id: number, title: string): Promise<void> {
  const file = await api.download(calls.export, { id }, { reportErrors: false });
  saveFile(file.blob, file.name ?? notebookFileName(title));
}

/** What the user is told when an export failed: an i18n key and its values. */
export interface ExportFailureMessage {
  key: 'notebooks.export.refused' | 'notebooks.export.notFound' | 'notebooks.export.failed';
  values?: { reason: string };
}

/**
 * Why an export failed, as the user reads it; null when there is nothing more to say (the API
 * client already acted: a session that ended, a superseded one; or the call was cancelled).
 */
export function exportFailureMessage(error: unknown): ExportFailureMessage | null {
  if (!isApiError(error)) {
    return { key: 'notebooks.export.failed', values: { reason: error instanceof Error ? error.message : '' } };
  }
  if (error.handled || error.kind === 'aborted') return null;
  // 304: the caller may not read it, which is also how a deleted notebook answers anyone but an admin.
  if (error.status === STATUS.forbidden) return { key: 'notebooks.export.refused' };
  if (error.status === STATUS.notFound || error.httpStatus === 404) return { key: 'notebooks.export.notFound' };
  return { key: 'notebooks.export.failed', values: { reason: error.message } };
}

import { useMutation } from '@tanstack/react-query';
import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';

/** POST upload/batchDownLoad: a short-lived link to a zip of the chosen files and folders. */
export function batchDownload(input: { ids: number[]; name?: string }) {
  return api.call(calls.batchDownloadUrl, input);
}

/**
 * Asks for the link, then opens it in this tab: the server answers with an attachment, so the
 * browser downloads the zip (streamed as it is built) and the page stays where it is.
 */
export function useBatchDownload() {
  return useMutation({
    mutationFn: batchDownload,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

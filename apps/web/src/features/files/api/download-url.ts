import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';

/** POST upload/downloadUrl: a fresh signed link; `inline` opens images and PDFs in the browser. */
export function downloadUrl(id: number, inline = false) {
  return api.call(calls.downloadUrl, { id, inline: inline ? 1 : 0 });
}

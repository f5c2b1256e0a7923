import type { SignedUrl } from '@mathbridge/contracts/files';
import { api } from '../../../lib/api-client.ts';

/** POST upload/downloadUrl: a fresh signed link; `inline` opens images and PDFs in the browser. */
export function downloadUrl(id: number, inline = false): Promise<SignedUrl> {
  return api.post<SignedUrl>('upload/downloadUrl', { id, inline: inline ? 1 : 0 });
}

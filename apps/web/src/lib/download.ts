import { fileEndpoints } from '@mathbridge/contracts/endpoints/files';
import { api } from './api-client.ts';

/** Follows a signed download link (an attachment response, so the page stays). */
export function followDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands bytes the page holds to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the link by now; keep it a while for slow machines.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST upload/downloadUrl for one file the caller may read, then downloads it. */
export async function downloadFile(id: number): Promise<void> {
  const link = await api.call(fileEndpoints.downloadUrl, { id, inline: 0 });
  followDownload(link.url);
}

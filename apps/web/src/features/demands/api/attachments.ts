import type { AttachmentTray } from '@mathbridge/contracts/demands';
import type { FileNode, SignedUrl } from '@mathbridge/contracts/files';
import { api } from '../../../lib/api-client.ts';
import { uploadRequest, type UploadProgress } from '../../../lib/upload-request.ts';

/**
 * POST upload/upload into a demand's or solution's own file space with the `document` profile
 * (spec §5). The item must exist first (it owns the space); its next save names the node ids.
 */
export function uploadAttachment(
  spaceId: number,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<FileNode> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadRequest<FileNode>('upload/upload', form, {
    query: { space_id: spaceId, profile: 'document', size: file.size },
    onProgress,
    reportErrors: false,
  });
}

/**
 * POST demand/attachmentSpace: where a demand not saved yet uploads its attachments; its first save
 * names them and the space becomes the demand's own, so attachments work in one pass.
 */
export async function demandAttachmentTray(): Promise<number> {
  const tray = await api.post<AttachmentTray>('demand/attachmentSpace');
  return tray.space_id;
}

/** POST upload/downloadUrl: a fresh signed link to one attachment. */
export function attachmentUrl(id: number): Promise<SignedUrl> {
  return api.post<SignedUrl>('upload/downloadUrl', { id, inline: 0 });
}

/** Follows a signed download link (an attachment response, so the page stays). */
export function followDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

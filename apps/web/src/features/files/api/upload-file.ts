import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import { uploadTo, type UploadProgress } from '../../../lib/upload-request.ts';

export interface UploadFileInput {
  spaceId: number;
  parentId: number | undefined;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST upload/upload (multipart field `file`). The declared size lets the server refuse a file
 * that cannot fit the quota before any byte is stored. Refusals (type, size, quota) come back to
 * the caller, which shows them on the file's row instead of as a message.
 */
export function uploadFile({ spaceId, parentId, file, onProgress, signal }: UploadFileInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadTo(calls.upload, form, {
    query: { space_id: spaceId, parent_id: parentId, profile: 'space', size: file.size },
    onProgress,
    signal,
    reportErrors: false,
  });
}

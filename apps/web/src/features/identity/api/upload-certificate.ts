import { useMutation } from '@tanstack/react-query';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { CertificateFile } from '@mathbridge/contracts/identity';
import { api } from '../../../lib/api-client.ts';

/** Multipart field `file`; the server checks the content (magic bytes), type and 5 MB again. */
export function uploadCertificate(file: File): Promise<CertificateFile> {
  const form = new FormData();
  form.append('file', file);
  return api.callUpload(calls.uploadCertificate, form);
}

export function useUploadCertificate() {
  return useMutation({ mutationFn: uploadCertificate });
}

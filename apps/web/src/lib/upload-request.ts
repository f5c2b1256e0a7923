import type { FileNode } from '@mathbridge/contracts/files';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import type { Endpoint, EndpointResult } from '@mathbridge/contracts/endpoint';
import { fileEndpoints } from '@mathbridge/contracts/endpoints/files';
import { currentLocale } from '../i18n/locale.ts';
import { buildUrl, readEnvelope, transportError, type RequestOptions } from './api-client.ts';
import { readToken } from './token.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequestOptions extends RequestOptions {
  /** Query parameters besides `ignore_sign` (e.g. `space_id`, `parent_id`, `size`). */
  query?: Record<string, string | number | undefined>;
  /** Called as the body is sent; `fetch` cannot report this, hence XMLHttpRequest. */
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * A multipart upload with progress (DESIGN §3: files are not signed, so `ignore_sign=1`). Same
 * headers and envelope handling as lib/api-client.ts, whose readEnvelope this reuses.
 *
 * No time-out: the 5000 ms of spec §9 bounds ordinary calls, but sending a 10 MB file over a
 * slow uplink legitimately takes longer (10 MB at 1 Mbit/s is 80 s). The progress bar shows the
 * upload is alive, and the user (or `signal`) can cancel it instead.
 */
export function uploadRequest<T>(path: string, form: FormData, options: UploadRequestOptions = {}): Promise<T> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  query.ignore_sign = '1';

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, query));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    const token = readToken();
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) report({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () => {
      done();
      // Status 0 never reaches 'load'. A Response may not carry a body with 204/205/304.
      const body = [204, 205, 304].includes(xhr.status) ? null : xhr.responseText;
      readEnvelope<T>(new Response(body, { status: xhr.status }), { ...options, sentToken: token }).then(
        resolve,
        reject,
      );
    });
    xhr.addEventListener('error', () => {
      done();
      reject(transportError(options, false));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(transportError({ ...options, signal: AbortSignal.abort() }, false));
    });
    if (options.signal?.aborted) xhr.abort();
    else xhr.send(form);
  });
}

/** `uploadRequest` to an endpoint of the contracts' table (DESIGN §19): its path, its result type. */
export const uploadTo = <const E extends Endpoint>(endpoint: E, form: FormData, options: UploadRequestOptions = {}) =>
  uploadRequest<EndpointResult<E>>(endpoint.path, form, options);

/**
 * file.upload of an attachment (`document` profile, spec §5) into a file space: a demand's or
 * solution's own, or a research project's shared space. The save that follows names the node ids.
 */
export function uploadDocument(
  spaceId: number,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<FileNode> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadTo(fileEndpoints.upload, form, {
    query: { space_id: spaceId, profile: 'document', size: file.size },
    onProgress,
    reportErrors: false,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import type { Envelope } from '@mathbridge/contracts/api';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import { endpointUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { readToken } from '../../../lib/token.ts';

/**
 * Certificate images are private (owner and admins): an <img src> cannot send the session header,
 * so the bytes (`user/certificateFile/:id`) are fetched with it and shown from a blob URL.
 */
export async function fetchCertificateImage(id: number, signal?: AbortSignal): Promise<Blob> {
  const token = readToken();
  const response = await fetch(endpointUrl(calls.certificateFile, { id }), {
    headers: token ? { [TOKEN_HEADER]: token } : {},
    signal,
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    // Refusals come as an envelope (304, 404…); the image just shows as unavailable.
    const envelope = type.includes('application/json') ? ((await response.json()) as Envelope) : null;
    throw new ApiError({
      message: envelope?.message ?? String(response.status),
      status: envelope?.status,
      kind: 'status',
      handled: true,
    });
  }
  return response.blob();
}

export const certificateImageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['certificate-image', id],
    queryFn: ({ signal }) => fetchCertificateImage(id, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });

/** A blob URL for a certificate image, revoked when the component no longer shows it. */
export function useCertificateImage(id: number) {
  const query = useQuery(certificateImageQueryOptions(id));
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!query.data) return undefined;
    const objectUrl = URL.createObjectURL(query.data);
    // The blob URL is a resource outside React, made and revoked with this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { src, isError: query.isError, isLoading: query.isLoading };
}

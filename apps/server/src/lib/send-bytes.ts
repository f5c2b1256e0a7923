import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

export interface StoredBytes {
  mime: string;
  size: number;
  stream: Readable;
}

/**
 * Streams stored bytes with the type sniffed at upload (never one derived from a name) and
 * nosniff, so a browser cannot reinterpret them. `cache` is 'public' for avatars and logos,
 * 'private' for anything behind a session.
 */
export function sendStoredBytes(reply: FastifyReply, bytes: StoredBytes, cache: 'public' | 'private'): FastifyReply {
  return reply
    .header('content-type', bytes.mime)
    .header('content-length', bytes.size)
    .header('cache-control', cache === 'public' ? 'public, max-age=86400' : 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes.stream);
}

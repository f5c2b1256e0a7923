import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_URL_TTL_S } from '@mathbridge/contracts/files';

/**
 * Short-lived download links (issue 4). A link names the node(s), the user it was issued to, its
 * expiry and the disposition, signed with HMAC-SHA256 under a server secret; browsers can open
 * it without the session header (<img src>, <a download>, a new tab for PDFs).
 */

const mac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

function verifyMac(secret: Buffer, text: string, sig: string): boolean {
  const want = Buffer.from(mac(secret, text));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Expiry (unix seconds) of links issued now; one value for a whole listing. */
export const linkExpiry = (now = Date.now()) => Math.floor(now / 1000) + DOWNLOAD_URL_TTL_S;
export const expiryIso = (exp: number) => new Date(exp * 1000).toISOString();

export type Disposition = 'inline' | 'attachment';

export function fileUrl(secret: Buffer, nodeId: number, userId: number, exp: number, disposition: Disposition): string {
  const d = disposition === 'inline' ? 'i' : 'a';
  const s = mac(secret, `file:${nodeId}:${userId}:${exp}:${d}`);
  return `/api/upload/download/${nodeId}?u=${userId}&e=${exp}&d=${d}&s=${s}`;
}

export function checkFileUrl(
  secret: Buffer,
  q: { id: number; u: number; e: number; d: 'i' | 'a'; s: string },
  now = Date.now(),
): 'ok' | 'expired' | 'bad' {
  if (!verifyMac(secret, `file:${q.id}:${q.u}:${q.e}:${q.d}`, q.s)) return 'bad';
  return q.e * 1000 < now ? 'expired' : 'ok';
}

export function zipUrl(secret: Buffer, ids: readonly number[], userId: number, exp: number, name: string): string {
  const list = ids.join(',');
  const s = mac(secret, `zip:${list}:${userId}:${exp}:${name}`);
  return `/api/upload/batchDownLoad?ids=${list}&u=${userId}&e=${exp}&n=${encodeURIComponent(name)}&s=${s}`;
}

export function checkZipUrl(
  secret: Buffer,
  q: { ids: string; u: number; e: number; n: string; s: string },
  now = Date.now(),
): 'ok' | 'expired' | 'bad' {
  if (!verifyMac(secret, `zip:${q.ids}:${q.u}:${q.e}:${q.n}`, q.s)) return 'bad';
  return q.e * 1000 < now ? 'expired' : 'ok';
}

/**
 * A zip another module builds for one of its records (a research project's deliverables):
 * `/api/<path>?id=…&u=…&e=…&n=…&s=…`, the path part of what is signed.
 */
export function recordZipUrl(
  secret: Buffer,
  path: string,
  id: number,
  userId: number,
  exp: number,
  name: string,
): string {
  const s = mac(secret, `record-zip:${path}:${id}:${userId}:${exp}:${name}`);
  return `/api/${path}?id=${id}&u=${userId}&e=${exp}&n=${encodeURIComponent(name)}&s=${s}`;
}

export function checkRecordZipUrl(
  secret: Buffer,
  path: string,
  q: { id: number; u: number; e: number; n: string; s: string },
  now = Date.now(),
): 'ok' | 'expired' | 'bad' {
  if (!verifyMac(secret, `record-zip:${path}:${q.id}:${q.u}:${q.e}:${q.n}`, q.s)) return 'bad';
  return q.e * 1000 < now ? 'expired' : 'ok';
}

/**
 * Content-Disposition with an RFC 5987 `filename*` (UTF-8, percent-encoded) and a plain ASCII
 * fallback for old clients; quotes, backslashes and controls never reach the header.
 */
export function contentDisposition(disposition: Disposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SIGN_SALT } from './constants.ts';

/**
 * Request cleaning and signing (spec §7, DESIGN §3). The client cleans a payload (empty values
 * dropped, strings trimmed), signs it and sends `sign` + `ignore_sign`; the server cleans what it
 * received the same way and compares. Detects corruption and naive tampering; not security.
 *
 * Cleaning is for form fields. A call that carries a document (a notebook's nbformat JSON, whose
 * whitespace, blank lines and nulls are content) names its top-level key as `verbatim`: both ends
 * then keep that value exactly as given, and sign it so.
 */

export type Payload = Record<string, unknown>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.filter((v) => !isEmpty(v)).map(cleanValue);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return cleanPayload(value as Payload);
  }
  return value;
}

/**
 * Drops undefined, null and blank-string values and trims strings, recursively; the top-level
 * `verbatim` keys keep their value as it is (only a missing one is dropped).
 */
export function cleanPayload(payload: Payload, verbatim: readonly string[] = []): Payload {
  const out: Payload = {};
  for (const [k, v] of Object.entries(payload)) {
    if (verbatim.includes(k)) {
      if (v !== undefined && v !== null) out[k] = v;
      continue;
    }
    if (isEmpty(v)) continue;
    out[k] = cleanValue(v);
  }
  return out;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    // A Date (or anything with toJSON) travels as its JSON form: sign that, not its own keys.
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return sortKeys(toJSON.call(value));
    return Object.fromEntries(
      Object.keys(value as Payload)
        .sort()
        .map((k) => [k, sortKeys((value as Payload)[k])]),
    );
  }
  return value;
}

/** The canonical text that is signed: cleaned payload without sign fields, keys sorted, JSON. */
export function canonicalPayload(payload: Payload, verbatim: readonly string[] = []): string {
  const { sign: _sign, ignore_sign: _ignore, ...rest } = cleanPayload(payload, verbatim);
  return JSON.stringify(sortKeys(rest));
}

/** Hex SHA-256 of the canonical payload followed by the salt. */
export function signPayload(payload: Payload, verbatim: readonly string[] = []): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalPayload(payload, verbatim) + SIGN_SALT)));
}

/**
 * GET parameters travel as text, so the client signs them as the server will see them: every
 * value converted to a string before cleaning.
 */
export function queryParams(params: Payload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (isEmpty(v)) continue;
    out[k] = String(v).trim();
  }
  return out;
}

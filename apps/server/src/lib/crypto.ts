import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP-recommended minimum (19 MiB, 2 passes). @node-rs/argon2 runs on libuv's
 * thread pool, so hashing never blocks the event loop.
 */
// algorithm 2 = Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so unknown accounts take as long as known ones. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** An opaque, unguessable session token (256 bits). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A numeric verification code of the given length. */
export const newNumericCode = (length: number): string => Array.from({ length }, () => String(randomInt(10))).join('');

/** A readable random password for generated admin accounts. */
export function newPassword(length = 16): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

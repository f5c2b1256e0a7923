import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Short secrets sealed at rest with AES-256-GCM (issue 9 point 11: ID numbers). Sealed text is
 * `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts): the version says how to read the rest,
 * the key id which key sealed it, so keys can rotate later (a ring that opens with the old ids and
 * seals with the new one, and a sweep that re-seals). Each value gets a fresh 96-bit IV, and a
 * context string (which field of which record) is bound as additional data, so a sealed value
 * copied into another record or field does not open.
 */

const VERSION = 'v1';

export class SealingKey {
  /** 8 hex characters derived from the key (HMAC), naming it without revealing it. */
  readonly id: string;
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a sealing key must be 32 bytes');
    this.key = key;
    this.id = createHmac('sha256', key).update('mathbridge sealing key id').digest('hex').slice(0, 8);
  }

  /**
   * A key as configured: 64 hex characters or the base64 of 32 bytes. `name` is the setting named
   * in the error, so a misconfiguration says where to look.
   */
  static parse(text: string, name: string): SealingKey {
    const value = text.trim();
    const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
    if (bytes.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(value) && !/^[A-Za-z0-9+/_-]{43}=?$/.test(value)))
      throw new Error(`${name} must be 32 bytes: 64 hex characters or 44 base64 characters`);
    return new SealingKey(bytes);
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      this.id,
      iv.toString('base64url'),
      body.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join('.');
  }

  /** Opens what this key sealed; throws (never returns garbage) for another key, another context or tampering. */
  open(sealed: string, context: string): string {
    const [version, keyId, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('sealed value in an unknown format');
    if (keyId !== this.id)
      throw new SealingKeyMismatch(`sealed with key ${keyId ?? '?'}, but the configured key is ${this.id}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export class SealingKeyMismatch extends Error {}

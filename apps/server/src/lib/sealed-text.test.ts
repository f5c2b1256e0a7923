import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealingKey, SealingKeyMismatch } from './sealed-text.ts';

describe('sealed text (AES-256-GCM, versioned)', () => {
  const key = new SealingKey(randomBytes(32));
  const number = '11010519491231002X';

  it('opens what it sealed, with a fresh IV every time and the key named in the text', () => {
    const a = key.seal(number, 'user:1');
    const b = key.seal(number, 'user:1');
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^v1\\.${key.id}\\.[\\w-]{16}\\.[\\w-]+\\.[\\w-]{22}$`));
    expect(a).not.toContain(number);
    expect(key.open(a, 'user:1')).toBe(number);
  });

  it('refuses another context, a tampered value, another key and an unknown format', () => {
    const sealed = key.seal(number, 'user:1');
    expect(() => key.open(sealed, 'user:2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => key.open(parts.join('.'), 'user:1')).toThrow();
    expect(() => new SealingKey(randomBytes(32)).open(sealed, 'user:1')).toThrow(SealingKeyMismatch);
    expect(() => key.open(number, 'user:1')).toThrow(/unknown format/);
  });

  it('reads a configured key as 64 hex characters or base64 of 32 bytes, and nothing else', () => {
    const bytes = randomBytes(32);
    expect(SealingKey.parse(bytes.toString('hex'), 'K').id).toBe(new SealingKey(bytes).id);
    expect(SealingKey.parse(bytes.toString('base64'), 'K').id).toBe(new SealingKey(bytes).id);
    expect(() => SealingKey.parse('short', 'ID_NUMBER_KEY')).toThrow(/ID_NUMBER_KEY must be 32 bytes/);
    expect(() => SealingKey.parse('a'.repeat(63), 'K')).toThrow();
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';
import {
  createStorage,
  LocalDiskStorage,
  newStorageKey,
  S3Storage,
  s3SettingsFromEnv,
  type FileStorage,
} from './storage.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Yields `total` random-looking bytes in 64 KiB pieces, never holding them all. */
function streamOf(content: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < content.length; at += 65536) yield content.subarray(at, at + 65536);
    })(),
  );
}

/** The same behaviour, whichever driver stores the bytes. */
function storageContract(name: string, make: () => FileStorage) {
  describe(name, () => {
    it('stores a stream under a generated key and reads the same bytes back', async () => {
      const storage = make();
      const key = newStorageKey('test');
      const content = randomBytes(300_000);
      await storage.put(key, streamOf(content));
      expect((await bytesOf(await storage.get(key))).equals(content)).toBe(true);
    });

    it('streams a file larger than one S3 part (12 MB) in pieces and keeps it whole', async () => {
      const storage = make();
      const key = newStorageKey('test');
      const content = randomBytes(12 * 1024 * 1024);
      await storage.put(key, streamOf(content));
      expect((await bytesOf(await storage.get(key))).equals(content)).toBe(true);
    });

    it('deletes an object, and deleting a missing one is not an error', async () => {
      const storage = make();
      const key = newStorageKey('test');
      await storage.put(key, Readable.from([Buffer.from('bye')]));
      await storage.delete(key);
      await expect(storage.get(key)).rejects.toThrow();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('leaves nothing behind when the source stream fails half-way', async () => {
      const storage = make();
      const key = newStorageKey('test');
      const failing = new Readable({ read() {} });
      failing.push(randomBytes(100_000));
      setTimeout(() => failing.destroy(new Error('client went away')), 20);
      await expect(storage.put(key, failing)).rejects.toThrow();
      await expect(storage.get(key)).rejects.toThrow();
    });

    it('refuses keys that are not generated ones (traversal, absolute, odd characters)', async () => {
      const storage = make();
      for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'Spaces/A B', '']) {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-disk-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
storageContract('local disk storage', () => new LocalDiskStorage(root));

describe('S3 storage against a real S3-protocol server (S3rver)', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3TestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  storageContract('S3 driver', () => new S3Storage(server.settings));

  it('is chosen by S3_ENDPOINT and S3_BUCKET, and local disk otherwise', async () => {
    expect(createStorage(root, {})).toBeInstanceOf(LocalDiskStorage);
    const storage = createStorage(root, server.env);
    expect(storage).toBeInstanceOf(S3Storage);
    const key = newStorageKey('test');
    await storage.put(key, Readable.from([Buffer.from('via env')]));
    expect(await text(await storage.get(key))).toBe('via env');
    await storage.close?.();
  });

  it('refuses an S3 endpoint without keys, and path-style can be switched off', () => {
    expect(() => s3SettingsFromEnv({ S3_ENDPOINT: 'http://x', S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY/);
    expect(s3SettingsFromEnv({ ...server.env, S3_FORCE_PATH_STYLE: '0' })?.forcePathStyle).toBe(false);
    expect(s3SettingsFromEnv({ ...server.env, S3_REGION: '' })?.region).toBe('us-east-1');
  });

  it('refuses a wrong secret key (the server checks signatures)', async () => {
    const storage = new S3Storage({ ...server.settings, secretAccessKey: 'wrong' });
    await expect(storage.put(newStorageKey('test'), Readable.from([Buffer.from('x')]))).rejects.toThrow();
  });
});

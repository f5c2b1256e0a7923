import { Readable } from 'node:stream';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { png } from '../test/file-fixtures.ts';
import type { FileStorage } from './storage.ts';
import { storeUpload } from './upload.ts';

describe('storeUpload', () => {
  it('a storage that refuses before reading a byte fails the upload with its error, instead of waiting', async () => {
    const refused = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const deleted: string[] = [];
    const refusing: FileStorage = {
      put: () => Promise.reject(refused),
      get: () => Promise.reject(new Error('unused')),
      delete: async (key) => {
        deleted.push(key);
      },
      state: async () => ({ storage: 'full', free_bytes: 0 }),
    };
    // Larger than the streams' buffers, so the source must wait for a reader that never comes.
    const file = { filename: 'scan.png', stream: Readable.from([png(400_000)]) };
    await expect(storeUpload(refusing, 'uploads', UPLOAD_PROFILES.image, file)).rejects.toBe(refused);
    // Whatever a driver may have written is removed.
    expect(deleted).toHaveLength(1);
  });
});

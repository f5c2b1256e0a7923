import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileNode, SignedUrl } from '@mathbridge/contracts/files';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../lib/s3-test-server.ts';
import { S3Storage } from '../../lib/storage.ts';
import { JournaledStorage } from './storage-journal.ts';
import { call, describeApi, registerUser, useTestApp } from '../../test/harness.ts';
import { fetchLink, png, pngWith, unzip, upload } from './files.fixtures.ts';

describeApi('file spaces on S3-compatible storage (a real S3rver)', () => {
  let server: S3TestServer;
  const saved: Record<string, string | undefined> = {};
  // Registered before useTestApp, so the app is built with S3_* set and closed before the server stops.
  beforeAll(async () => {
    server = await startS3TestServer();
    for (const [key, value] of Object.entries(server.env)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
  });
  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await server.stop();
  });
  const t = useTestApp();
  /** The object files S3rver keeps for our keys ('<key>._S3rver_object'; metadata files aside). */
  const objectsInBucket = () =>
    fs
      .readdirSync(path.join(server.directory, server.settings.bucket), { recursive: true })
      .map(String)
      .filter((name) => /spaces\/\d{4}\/\d{2}\/[0-9a-f-]{36}\._S3rver_object$/.test(name));

  it('stores uploads in the bucket, serves them through signed links and zips, and purges them', async () => {
    const { app, ctx, dataDir } = t();
    expect(ctx.storage).toBeInstanceOf(JournaledStorage);
    expect((ctx.storage as JournaledStorage).driver).toBeInstanceOf(S3Storage);
    const user = await registerUser(app);
    const content = pngWith(randomBytes(6 * 1024 * 1024));
    const uploaded = await upload(app, user.token, 'scan.png', content);
    expect(uploaded.message).toBe('ok');
    const file = uploaded.result as FileNode;
    expect(file.size).toBe(content.length);
    expect(fs.existsSync(path.join(dataDir, 'files', 'spaces'))).toBe(false);

    const link = await call<SignedUrl>(app, 'POST', 'upload/downloadUrl', { id: file.id }, { token: user.token });
    const downloaded = await fetchLink(app, link.result.url);
    expect(downloaded.rawPayload.equals(content)).toBe(true);

    const zip = await call<SignedUrl>(app, 'POST', 'upload/batchDownLoad', { ids: [file.id] }, { token: user.token });
    expect((await unzip((await fetchLink(app, zip.result.url)).rawPayload)).get('scan.png')?.equals(content)).toBe(
      true,
    );

    const key = (
      await ctx.db
        .selectFrom('file_nodes')
        .innerJoin('stored_files', 'stored_files.id', 'file_nodes.stored_file_id')
        .select('storage_key')
        .where('file_nodes.id', '=', file.id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(objectsInBucket()).toHaveLength(1);
    await call(app, 'POST', 'upload/delete', { ids: [file.id] }, { token: user.token });
    await call(app, 'POST', 'upload/purge', { ids: [file.id] }, { token: user.token });
    await expect(ctx.storage.get(key)).rejects.toThrow();
    expect(objectsInBucket()).toEqual([]);
  });

  it('a refused upload leaves nothing in the bucket', async () => {
    const { app } = t();
    const user = await registerUser(app);
    const over = await upload(app, user.token, 'big.png', png(10_485_761));
    expect(over.status).toBe(413);
    expect(objectsInBucket()).toEqual([]);
  });
});

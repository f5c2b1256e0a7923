import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect, it } from 'vitest';
import { newStorageKey } from '../../lib/storage.ts';
import { call, describeApi, inParallel, registerUser, settledValues, useTestApp } from '../../test/harness.ts';
import { fetchLink, png, upload } from './files.fixtures.ts';
import { sweepUnrecorded, UNRECORDED_AFTER_S } from './storage-journal.ts';

/**
 * Issue 14 §2: an object written to storage that no row names (its instance was killed between
 * the write and the record) is found through the write journal and removed; a recorded object is
 * never touched, and neither is a write younger than UNRECORDED_AFTER_S (it may still be streaming).
 */
describeApi('storage write journal: objects nothing names', () => {
  const t = useTestApp();
  const later = (seconds: number) => Date.now() + seconds * 1000;
  const exists = (key: string) =>
    t()
      .ctx.storage.get(key)
      .then(
        (stream) => {
          stream.destroy();
          return true;
        },
        () => false,
      );
  const journaled = async (key: string) =>
    (await t().ctx.db.selectFrom('storage_writes').select('storage_key').where('storage_key', '=', key).execute())
      .length === 1;

  it('keeps recorded uploads, removes an unrecorded object once it is old enough, and empties the journal', async () => {
    const { ctx, app } = t();
    const user = await registerUser(app);
    const uploaded = await upload(app, user.token, 'kept.png', png(20_000));
    expect(uploaded.status).toBe(200);
    const recorded = await ctx.db
      .selectFrom('stored_files')
      .select('storage_key')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(await journaled(recorded.storage_key)).toBe(true);

    // What a kill -9 after the write and before its transaction leaves: bytes, a journal row, no file row.
    const orphan = newStorageKey('uploads');
    await ctx.storage.put(orphan, Readable.from([Buffer.from('half a story')]));
    expect(await exists(orphan)).toBe(true);

    // Young writes are left alone: one may still be streaming.
    expect(await sweepUnrecorded(ctx.db, ctx.storage, later(UNRECORDED_AFTER_S - 60))).toBe(0);
    expect(await exists(orphan)).toBe(true);
    expect(await journaled(orphan)).toBe(true);

    expect(await sweepUnrecorded(ctx.db, ctx.storage, later(UNRECORDED_AFTER_S + 60))).toBeGreaterThanOrEqual(1);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(recorded.storage_key)).toBe(true);
    expect(await journaled(orphan)).toBe(false);
    expect(await journaled(recorded.storage_key)).toBe(false);
    // The recorded upload still downloads: the sweep took nothing a row names.
    const link = await call<{ url: string }>(
      app,
      'POST',
      'upload/downloadUrl',
      { id: uploaded.result?.id ?? 0 },
      { token: user.token },
    );
    const download = await fetchLink(app, link.result.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(20_000);
  });

  it('sweeps in batches: 450 unrecorded writes are all removed by one sweep', async () => {
    const { ctx } = t();
    const keys = Array.from({ length: 450 }, () => newStorageKey('uploads'));
    for (const key of keys) await ctx.storage.put(key, Readable.from([Buffer.from(key)]));
    expect(await sweepUnrecorded(ctx.db, ctx.storage, later(UNRECORDED_AFTER_S + 60))).toBeGreaterThanOrEqual(450);
    expect((await Promise.all(keys.slice(0, 20).map(exists))).every((e) => !e)).toBe(true);
    const left = await ctx.db.selectFrom('storage_writes').select('storage_key').execute();
    expect(left).toEqual([]);
  });
  it('a journal row that cannot be written ends the body with the error: the writer feeding it fails, not waits', async () => {
    const { ctx } = t();
    const key = newStorageKey('uploads');
    await ctx.storage.put(key, Readable.from([Buffer.from('first')]));
    // The same key again: the journal's primary key refuses it before any byte is read.
    const body = new PassThrough();
    const feeding = pipeline(Readable.from([Buffer.alloc(256 * 1024, 1)]), body);
    const [put, fed] = await Promise.allSettled([ctx.storage.put(key, body), feeding]);
    expect(put.status).toBe('rejected');
    expect(fed.status).toBe('rejected');
    expect(body.destroyed).toBe(true);
  });
  it('20 uploads and 3 sweeps at once: every upload recorded and kept, every old orphan removed once, the journal emptied', async () => {
    const { ctx, app } = t();
    const user = await registerUser(app);
    const orphans = Array.from({ length: 30 }, () => newStorageKey('uploads'));
    for (const key of orphans) await ctx.storage.put(key, Readable.from([Buffer.from(key)]));
    const uploads = settledValues(
      await inParallel(20, (i) => upload(app, user.token, `parallel-${i}.png`, png(30_000 + i))),
    );
    expect(uploads.every((u) => u.status === 200)).toBe(true);
    const keys = await ctx.db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('original_name', 'like', 'parallel-%')
      .execute();
    // Racing sweeps (as two instances whose leases overlapped would) as if a day had passed.
    const removed = settledValues(
      await inParallel(3, () => sweepUnrecorded(ctx.db, ctx.storage, later(UNRECORDED_AFTER_S + 60))),
    );
    expect(removed.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(orphans.length);
    expect((await Promise.all(orphans.map(exists))).some(Boolean)).toBe(false);
    expect(keys.length).toBe(20);
    expect((await Promise.all(keys.map((k) => exists(k.storage_key)))).every(Boolean)).toBe(true);
    expect(await ctx.db.selectFrom('storage_writes').select('storage_key').execute()).toEqual([]);
  });
});

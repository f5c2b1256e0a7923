import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';

/**
 * Objects nothing names (issue 14 §2). An upload streams into storage first and is recorded (a
 * `stored_files` row, in the transaction of the record that names it) after: an instance killed
 * with -9 between the two, or one whose transaction fails and whose clean-up never runs, leaves
 * an object no row names, invisible to users but paid for. Local disk's `.part` sweep cannot see
 * it (the object is complete), and listing a bucket of millions of objects to find it does not
 * scale. So every write is journaled first (`storage_writes`, one committed row), and a sweep
 * looks only at journal rows older than UNRECORDED_AFTER_S: an object some `stored_files` row
 * names is kept; any other is removed. Either way the journal row goes.
 */

/**
 * A write still unrecorded after this long is dead: far beyond any upload (the largest profile at
 * a slow 1 Mbit/s), so a slow upload still streaming is never taken for one.
 */
export const UNRECORDED_AFTER_S = 24 * 3600;
const SWEEP_BATCH = 200;

/** A storage driver with every put journaled first; everything else passes through to `driver`. */
export class JournaledStorage implements FileStorage {
  readonly close?: () => Promise<void>;
  readonly sweepPartials?: FileStorage['sweepPartials'];

  constructor(
    readonly driver: FileStorage,
    private readonly db: Db,
  ) {
    if (driver.close) this.close = () => driver.close!();
    if (driver.sweepPartials) this.sweepPartials = (options) => driver.sweepPartials!(options);
  }

  async put(key: string, body: Readable): Promise<void> {
    try {
      await this.db.insertInto('storage_writes').values({ storage_key: key, started_at: nowIso() }).execute();
    } catch (error) {
      // Nothing will read the body now (a full disk, the database gone): end it with the error, so
      // whatever feeds it fails with that error too instead of waiting for a reader forever.
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    await this.driver.put(key, body);
  }

  get(key: string): Promise<Readable> {
    return this.driver.get(key);
  }

  delete(key: string): Promise<void> {
    return this.driver.delete(key);
  }

  state(): ReturnType<FileStorage['state']> {
    return this.driver.state();
  }
}

/**
 * Removes the objects of writes older than UNRECORDED_AFTER_S that no `stored_files` row names,
 * and those writes' journal rows (recorded or not). Answers how many objects it removed. An object
 * is deleted before its journal row, so a sweep cut off in between finds the row again next time.
 */
export async function sweepUnrecorded(db: Db, storage: FileStorage, now = Date.now()): Promise<number> {
  const before = isoBefore(UNRECORDED_AFTER_S, now);
  let removed = 0;
  for (;;) {
    const writes = await db
      .selectFrom('storage_writes as w')
      .leftJoin('stored_files as f', 'f.storage_key', 'w.storage_key')
      .select(['w.storage_key', 'f.id as file_id'])
      .where('w.started_at', '<', before)
      .orderBy('w.started_at')
      .limit(SWEEP_BATCH)
      .execute();
    for (const write of writes) {
      if (write.file_id === null) {
        await storage.delete(write.storage_key);
        removed += 1;
      }
    }
    if (writes.length > 0) {
      await db
        .deleteFrom('storage_writes')
        .where(
          'storage_key',
          'in',
          writes.map((w) => w.storage_key),
        )
        .execute();
    }
    if (writes.length < SWEEP_BATCH) return removed;
  }
}

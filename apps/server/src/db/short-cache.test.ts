import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from './database.ts';
import { ShortCache } from './short-cache.ts';

/** The short caches' invalidation (db/short-cache.ts), on a SQLite file. */
describe('short caches', () => {
  let dir: string;
  let db: Db;
  let off: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-cache-'));
    db = openDatabase({ databaseUrl: undefined, databaseSchema: undefined, dataDir: dir, cacheMs: 60_000 });
    await migrate(db);
    off = openDatabase({
      databaseUrl: undefined,
      databaseSchema: undefined,
      dataDir: path.join(dir, 'off'),
      cacheMs: 0,
    });
  });
  afterAll(async () => {
    await db.destroy();
    await off.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const counting = () => {
    let loads = 0;
    return { load: async () => (loads += 1), loads: () => loads };
  };
  const write = (status: string) =>
    db.insertInto('cooperation_counts').values({ scope: 'demand', org_id: 99, status, n: 1 }).execute();

  it('serves a value again until this process writes one of its tables', async () => {
    const cache = new ShortCache<string, number>(['cooperation_counts']);
    const c = counting();
    expect(await cache.get(db, 'k', c.load)).toBe(1);
    expect(await cache.get(db, 'k', c.load)).toBe(1);
    await db.updateTable('users').set({ disabled: 0 }).where('id', '=', -1).execute(); // another table
    expect(await cache.get(db, 'k', c.load)).toBe(1);
    await write('a');
    expect(await cache.get(db, 'k', c.load)).toBe(2);
    await db.deleteFrom('cooperation_counts').where('org_id', '=', 99).execute();
    expect(await cache.get(db, 'k', c.load)).toBe(3);
  });

  it('drops everything at the end of a transaction, and stores nothing read inside one', async () => {
    const cache = new ShortCache<string, number>(['sessions']);
    const c = counting();
    await cache.get(db, 'k', c.load);
    await db.transaction().execute(async (trx) => {
      expect(await cache.get(trx, 'k', c.load)).toBe(2);
      expect(await cache.get(trx, 'k', c.load)).toBe(3);
    });
    expect(await cache.get(db, 'k', c.load)).toBe(4);
    expect(await cache.get(db, 'k', c.load)).toBe(4);
  });

  it('does not store a value read while one of its tables was written', async () => {
    const cache = new ShortCache<string, number>(['cooperation_counts']);
    let loads = 0;
    const racing = async () => {
      loads += 1;
      await write(`race${loads}`);
      return loads;
    };
    expect(await cache.get(db, 'k', racing)).toBe(1);
    expect(await cache.get(db, 'k', racing)).toBe(2);
  });

  it('keeps only what `keep` accepts, and nothing when turned off', async () => {
    const cache = new ShortCache<string, number>(['sessions'], (value) => value > 1);
    const c = counting();
    expect(await cache.get(db, 'k', c.load)).toBe(1);
    expect(await cache.get(db, 'k', c.load)).toBe(2);
    expect(await cache.get(db, 'k', c.load)).toBe(2);
    const d = counting();
    expect(await cache.get(off, 'k', d.load)).toBe(1);
    expect(await cache.get(off, 'k', d.load)).toBe(2);
  });
});

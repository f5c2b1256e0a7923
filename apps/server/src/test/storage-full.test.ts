import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STATUS } from '@mathbridge/contracts/api';
import { png, upload } from '../modules/files/files.fixtures.ts';
import { call, describeApi, inParallel, newPhone, registerUser, settledValues, useTestApp } from './harness.ts';

/**
 * Issue 9 point 15: a really full file system. The data folder sits on its own 16 MB tmpfs
 * (mounted here: the suite runs as root on Linux), which the test fills with a file until the
 * kernel answers ENOSPC. Uploads must then answer 507 'storage full' (not 500) and keep nothing,
 * and /api/health must say the storage is full; freeing the space makes both well again.
 */
const requireAll = process.env.REQUIRE_ALL === '1';
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-full-'));
const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', mountPoint], {
  encoding: 'utf8',
});
const mounted = mount.status === 0;
if (!mounted) {
  const why = `mount -t tmpfs failed (${mount.stderr?.trim() || mount.error?.message}): needs root (CAP_SYS_ADMIN)`;
  if (requireAll) throw new Error(`REQUIRE_ALL=1 but the full-disk suite cannot make a full disk: ${why}`);
  console.warn(`\n*** storage-full: ${why}; the full-disk suite is SKIPPED ***\n`);
  fs.rmSync(mountPoint, { recursive: true, force: true });
}
const dataDir = path.join(mountPoint, 'data');
const describeFull: typeof describe = mounted ? describeApi : (describe.skip as typeof describe);

/** Fills the file system with one file until the kernel refuses another byte. */
function fill(file: string): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          written += fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as { code?: string }).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

function parts(): string[] {
  const dir = path.join(dataDir, 'files');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.part'))
    .map((e) => e.name);
}

describeFull('a full disk (issue 9, point 15)', () => {
  const t = useTestApp({ DATA_DIR: dataDir });
  afterAll(() => {
    if (!mounted) return;
    spawnSync('umount', ['-l', mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });
  const health = async () =>
    (
      await call<{ db: string; storage: string; free_bytes: number | null }>(
        t().app,
        'GET',
        'health',
        {},
        {
          unsigned: true,
        },
      )
    ).result;

  it('answers 507 storage full to parallel uploads and reports it in /api/health; frees up again', async () => {
    const { app, ctx } = t();
    const user = await registerUser(app);
    // The personal space and quota row exist before the disk fills (a first upload makes them).
    expect((await upload(app, user.token, 'first.png', png(10_000))).status).toBe(200);
    const healthyBefore = await health();
    const quotaRow = () =>
      ctx.db.selectFrom('file_quotas').select('used_bytes').where('holder_type', '=', 'user').execute();
    const usedBefore = (await quotaRow()).map((r) => Number(r.used_bytes));
    const storedBefore = (await ctx.db.selectFrom('stored_files').select('id').execute()).length;

    const filler = path.join(mountPoint, 'filler.bin');
    const filled = fill(filler);
    const replies = settledValues(await inParallel(8, (i) => upload(app, user.token, `big${i}.png`, png(200_000 + i))));
    const whenFull = await health();
    // Another write path on the full disk: on SQLite the database shares it (SQLITE_FULL also answers 507).
    const code = await call(app, 'POST', 'user/sendVerifyCode', { phone: newPhone(), scene: 'register' });
    const leftover = parts();
    const usedFull = (await quotaRow()).map((r) => Number(r.used_bytes));
    const storedFull = (await ctx.db.selectFrom('stored_files').select('id').execute()).length;

    fs.rmSync(filler);
    const healthyAfter = await health();
    const again = await upload(app, user.token, 'after.png', png(200_000));
    console.log(
      'full disk:',
      JSON.stringify({
        filled,
        healthyBefore,
        uploads: replies.map((r) => [r.http, r.status]),
        message: replies[0]?.message,
        whenFull,
        sendVerifyCode: code.status,
        leftoverParts: leftover.length,
        healthyAfter,
        uploadAfter: again.status,
      }),
    );
    expect(healthyBefore).toMatchObject({ db: 'ok', storage: 'ok' });
    expect(replies.every((r) => r.http === 200 && r.status === STATUS.storageFull)).toBe(true);
    expect(replies[0]?.message).toBe(
      'Server storage is full: nothing could be saved. Please try again later or contact the administrator',
    );
    expect(whenFull).toMatchObject({ db: 'ok', storage: 'full' });
    expect(whenFull.free_bytes).toBeLessThan(64 * 1024);
    expect([STATUS.ok, STATUS.storageFull]).toContain(code.status);
    expect(leftover).toEqual([]);
    expect(usedFull).toEqual(usedBefore);
    expect(storedFull).toBe(storedBefore);
    expect(healthyAfter).toMatchObject({ db: 'ok', storage: 'ok' });
    expect(healthyAfter.free_bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(again.status).toBe(200);
  });
});

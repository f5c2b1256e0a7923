import fs from 'node:fs';
import path from 'node:path';
import type { FileNode } from '@mathbridge/contracts/files';
import { expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { call, describeApi, inParallel, registerUser, settledValues, useTestApp } from '../../test/harness.ts';
import { png, upload } from './files.fixtures.ts';
import { setQuotaLimit } from './spaces.service.ts';

/**
 * Issue 9 point 3: quota accounting under parallel writes. Every write that changes used_bytes
 * (upload, replace, copy, purge) is fired in parallel, and afterwards the books must balance:
 * used_bytes == the sizes of the holder's file nodes (live or in the trash, i.e. not purged),
 * never below 0 nor past the quota, and storage holds exactly the blobs some node refers to.
 */

/** Regular files under the storage folder (a leftover '.part' counts too: it is a stray blob). */
function blobsOnDisk(dataDir: string): string[] {
  const dir = path.join(dataDir, 'files', 'spaces');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** The books of one user's quota: what is charged, what their nodes hold, and the stored blobs. */
async function books(ctx: AppContext, dataDir: string, userId: number) {
  const quota = await ctx.db
    .selectFrom('file_quotas')
    .select(['used_bytes'])
    .where('holder_type', '=', 'user')
    .where('holder_id', '=', userId)
    .executeTakeFirst();
  const held = await ctx.db
    .selectFrom('file_nodes as n')
    .innerJoin('file_spaces as s', 's.id', 'n.space_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n.size'), eb.lit(0)).as('bytes'))
    .where('s.quota_holder_type', '=', 'user')
    .where('s.quota_holder_id', '=', userId)
    .where('n.is_dir', '=', 0)
    .executeTakeFirstOrThrow();
  // Every test of this file runs in one data folder: the blob checks are global.
  const referenced = await ctx.db
    .selectFrom('file_nodes')
    .select('stored_file_id')
    .distinct()
    .where('stored_file_id', 'is not', null)
    .execute();
  const storedRows = await ctx.db.selectFrom('stored_files').select('storage_key').execute();
  const onDisk = blobsOnDisk(dataDir);
  return {
    used: Number(quota?.used_bytes ?? 0),
    held: Number(held.bytes),
    /** stored_files rows no node refers to (all tests of the file together). */
    orphanRows: storedRows.length - referenced.length,
    /** Blobs on disk beyond the referenced ones (all tests of the file together). */
    orphanBlobs: onDisk.length - referenced.length,
    parts: onDisk.filter((f) => f.endsWith('.part')).length,
  };
}

describeApi('quota under parallel writes (issue 9, point 3)', () => {
  const t = useTestApp();
  const post = <T = unknown>(token: string, p: string, body: Record<string, unknown>) =>
    call<T>(t().app, 'POST', p, body, { token, locale: 'en-US' });

  async function user() {
    const { app } = t();
    const u = await registerUser(app);
    const profile = await call<{ info: { id: number } }>(app, 'GET', 'user/profile', {}, { token: u.token });
    return { ...u, id: profile.result.info.id };
  }

  /**
   * A fresh user to attack, and `settle`: it reads their books afterwards, logs them under `label`
   * beside `log`, checks that no stored row or blob was orphaned meanwhile, and returns them.
   */
  async function victim() {
    const { ctx, dataDir } = t();
    const owner = await user();
    const before = await books(ctx, dataDir, owner.id);
    const settle = async (label: string, log: Record<string, unknown>) => {
      const after = await books(ctx, dataDir, owner.id);
      console.log(label, JSON.stringify({ ...log, ...after, orphansBefore: [before.orphanRows, before.orphanBlobs] }));
      expect(after.orphanRows).toBe(before.orphanRows);
      expect(after.orphanBlobs).toBe(before.orphanBlobs);
      return after;
    };
    return { owner, settle };
  }

  it('30 parallel upload/update replacing one file: used_bytes == the file’s final size, one blob left', async () => {
    const { app, ctx } = t();
    const { owner, settle } = await victim();
    const first = (await upload(app, owner.token, 'plot.png', png(100_000))).result as FileNode;
    const sizes = Array.from({ length: 30 }, (_, i) => 1000 + i * 37);
    const replies = settledValues(
      await inParallel(30, (i) =>
        upload(app, owner.token, 'plot.png', png(sizes[i]), { id: first.id }, { path: 'upload/update' }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    const node = await ctx.db.selectFrom('file_nodes').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    const after = await settle('replace x30:', { statuses: countBy(statuses), nodeSize: node.size });
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(sizes).toContain(Number(node.size));
    expect(after.used).toBe(Number(node.size));
    expect(after.used).toBe(after.held);
    expect(after.used).toBeGreaterThanOrEqual(0);
    expect(after.parts).toBe(0);
  });

  it('parallel uploads that together pass the quota: accepted bytes never exceed it, refused ones leave nothing', async () => {
    const { app, ctx } = t();
    const { owner, settle } = await victim();
    await setQuotaLimit(ctx, { type: 'user', id: owner.id }, 50_000);
    // Half declare their size (refused before a byte is stored), half do not (capped while streaming).
    const replies = settledValues(
      await inParallel(24, (i) =>
        upload(app, owner.token, `p${i}.png`, png(4000 + i), i % 2 === 0 ? { size: 4000 + i } : {}),
      ),
    );
    const accepted = replies.filter((r) => r.status === 200);
    const acceptedBytes = accepted.reduce((sum, r) => sum + (r.result?.size ?? 0), 0);
    const after = await settle('uploads x24 over quota:', {
      statuses: countBy(replies.map((r) => r.status)),
      acceptedBytes,
    });
    expect(replies.every((r) => r.status === 200 || r.status === 413)).toBe(true);
    expect(acceptedBytes).toBeLessThanOrEqual(50_000);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(after.used).toBe(acceptedBytes);
    expect(after.held).toBe(acceptedBytes);
    expect(after.parts).toBe(0);
  });

  it('parallel replaces growing one file past the quota: used never passes it, nor drops below 0', async () => {
    const { app, ctx } = t();
    const { owner, settle } = await victim();
    await setQuotaLimit(ctx, { type: 'user', id: owner.id }, 120_000);
    const first = (await upload(app, owner.token, 'grow.png', png(30_000))).result as FileNode;
    await upload(app, owner.token, 'other.png', png(20_000));
    // Each replacement alone fits easily (30k → 35..40k with 20k beside it): only the final size may stay charged.
    const replies = settledValues(
      await inParallel(20, (i) =>
        upload(app, owner.token, 'grow.png', png(35_000 + i * 250), { id: first.id }, { path: 'upload/update' }),
      ),
    );
    const after = await settle('grow x20:', { statuses: countBy(replies.map((r) => r.status)) });
    expect(replies.every((r) => r.status === 200 || r.status === 413)).toBe(true);
    expect(after.used).toBe(after.held);
    expect(after.used).toBeLessThanOrEqual(120_000);
  });

  it('parallel copy, delete, restore and purge keep used_bytes equal to what is held', async () => {
    const { app } = t();
    const { owner, settle } = await victim();
    // Never touched: an over-release shows as used_bytes below what is held (0 is a floor that hides it).
    await upload(app, owner.token, 'keeper.png', png(50_000));
    const files: FileNode[] = [];
    for (let i = 0; i < 6; i += 1)
      files.push((await upload(app, owner.token, `f${i}.png`, png(2000 + i * 100))).result as FileNode);
    // Copies share the bytes of their source and are charged for them.
    const copies = settledValues(
      await inParallel(12, (i) =>
        post<FileNode>(owner.token, 'upload/createDirOrFile', { type: 'file', source_id: files[i % 6]!.id }),
      ),
    );
    expect(copies.every((r) => r.status === 200)).toBe(true);
    expect((await post(owner.token, 'upload/delete', { ids: files.map((f) => f.id) })).status).toBe(200);
    // Against each trashed file at once: 4 purges, 3 restores, 2 more deletes, 2 copies of it.
    const attacks = files.flatMap((f) => [
      ...Array.from({ length: 4 }, () => () => post(owner.token, 'upload/purge', { ids: [f.id] })),
      ...Array.from({ length: 3 }, () => () => post(owner.token, 'upload/restore', { ids: [f.id] })),
      ...Array.from({ length: 2 }, () => () => post(owner.token, 'upload/delete', { ids: [f.id] })),
      ...Array.from(
        { length: 2 },
        () => () => post(owner.token, 'upload/createDirOrFile', { type: 'file', source_id: f.id }),
      ),
    ]);
    const replies = settledValues(await inParallel(attacks.length, (i) => attacks[i]!()));
    // And every copy purged twice at once.
    const copyIds = copies.map((c) => c.result.id);
    await post(owner.token, 'upload/delete', { ids: copyIds });
    const purges = settledValues(
      await inParallel(copyIds.length * 2, (i) =>
        post(owner.token, 'upload/purge', { ids: [copyIds[i % copyIds.length]] }),
      ),
    );
    const after = await settle('trash mix:', {
      statuses: countBy(replies.map((r) => r.status)),
      copyPurges: countBy(purges.map((r) => r.status)),
    });
    expect(replies.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
    expect(after.used).toBe(after.held);
    expect(after.used).toBeGreaterThanOrEqual(0);
  });

  it('12 parallel avatar uploads leave exactly the one avatar the user shows (replaced files are deleted)', async () => {
    const { app, ctx, dataDir } = t();
    const owner = await user();
    const avatarsDir = path.join(dataDir, 'files', 'avatars');
    const countAvatars = () =>
      fs.existsSync(avatarsDir)
        ? fs.readdirSync(avatarsDir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length
        : 0;
    const replies = settledValues(
      await inParallel(12, (i) =>
        upload(app, owner.token, 'me.png', png(3000 + i), {}, { path: 'user/upload_avatar' }),
      ),
    );
    const rows = await ctx.db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('purpose', '=', 'avatar')
      .where('owner_id', '=', owner.id)
      .execute();
    const named = await ctx.db
      .selectFrom('users')
      .select('avatar_key')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    console.log(
      'avatar x12:',
      JSON.stringify({ statuses: countBy(replies.map((r) => r.status)), rows: rows.length, blobs: countAvatars() }),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(rows.map((r) => r.storage_key)).toEqual([named.avatar_key]);
    expect(countAvatars()).toBe(1);
  });
});

function countBy(values: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

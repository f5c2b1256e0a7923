import { TRASH_RETENTION_DAYS, type FileNode, type TrashList } from '@mathbridge/contracts/files';
import { expect, it } from 'vitest';
import { call, describeApi, registerUser, useTestApp } from '../../test/harness.ts';
import { fetchLink, list, mkdir, pdf, png, upload } from './files.fixtures.ts';
import { purgeExpiredTrash } from './trash.service.ts';

describeApi('file spaces: trash, restore, purge', () => {
  const t = useTestApp();

  async function setup() {
    const user = await registerUser(t().app);
    const dir = await mkdir(t().app, user.token, 'Project');
    const sub = await mkdir(t().app, user.token, 'Data', { parent_id: dir.result.id });
    const a = await upload(t().app, user.token, 'a.pdf', pdf(1000), { parent_id: sub.result.id });
    const b = await upload(t().app, user.token, 'b.png', png(2000), { parent_id: dir.result.id });
    return { user, dir: dir.result, sub: sub.result, a: a.result as FileNode, b: b.result as FileNode };
  }
  const trash = (token: string, params: Record<string, unknown> = {}) =>
    call<TrashList>(t().app, 'GET', 'upload/trashList', params, { token, locale: 'en-US' });
  const post = <T = unknown>(token: string, path: string, body: Record<string, unknown>) =>
    call<T>(t().app, 'POST', path, body, { token, locale: 'en-US' });

  it('deleting a folder moves it with its contents to the trash; its links stop working', async () => {
    const { user, dir, a } = await setup();
    const link = (await post<{ url: string }>(user.token, 'upload/downloadUrl', { id: a.id })).result.url;
    expect((await fetchLink(t().app, link)).statusCode).toBe(200);
    expect((await post(user.token, 'upload/delete', { ids: [dir.id] })).status).toBe(200);
    expect((await list(t().app, user.token)).result.items).toEqual([]);
    expect((await list(t().app, user.token, { parent_id: dir.id })).status).toBe(404);
    expect(JSON.parse((await fetchLink(t().app, link)).body).status).toBe(404);
    const listed = await trash(user.token);
    expect(listed.result.total).toBe(1);
    const item = listed.result.items[0];
    expect(item).toMatchObject({ id: dir.id, name: 'Project', type: 'dir', origin: '' });
    expect(Date.parse(item?.expires_at ?? '') - Date.parse(item?.trashed_at ?? '')).toBe(
      TRASH_RETENTION_DAYS * 86_400_000,
    );
    // Trash keeps counting against the quota until purged.
    expect(listed.result.space.quota.used_bytes).toBe(3000);
  });

  it('restores a folder with everything that was in it, back where it was', async () => {
    const { user, dir, sub, a } = await setup();
    await post(user.token, 'upload/delete', { ids: [dir.id] });
    const restored = await post<{ items: FileNode[] }>(user.token, 'upload/restore', { ids: [dir.id] });
    expect(restored.result.items.map((i) => i.name)).toEqual(['Project']);
    const inSub = await list(t().app, user.token, { parent_id: sub.id });
    expect(inSub.result.items.map((i) => i.id)).toEqual([a.id]);
    expect((await trash(user.token)).result.total).toBe(0);
  });

  it('restores into the root when its folder is itself in the trash, and renames on a clash', async () => {
    const { user, dir, sub, a } = await setup();
    await post(user.token, 'upload/delete', { ids: [a.id] });
    await post(user.token, 'upload/delete', { ids: [dir.id] });
    const origin = (await trash(user.token)).result.items.find((i) => i.id === a.id)?.origin;
    expect(origin).toBe('Project/Data');
    await upload(t().app, user.token, 'a.pdf', pdf(100));
    const restored = await post<{ items: FileNode[] }>(user.token, 'upload/restore', { ids: [a.id] });
    expect(restored.result.items[0]).toMatchObject({
      id: a.id,
      name: 'a (1).pdf',
      parent_id: (await list(t().app, user.token)).result.folder.id,
    });
    // Restoring the folder does not bring back what had been deleted on its own before.
    await post(user.token, 'upload/restore', { ids: [dir.id] });
    expect((await list(t().app, user.token, { parent_id: sub.id })).result.items).toEqual([]);
  });

  it('only trashed items can be restored or purged (409), and the root cannot be deleted', async () => {
    const { user, b } = await setup();
    expect((await post(user.token, 'upload/restore', { ids: [b.id] })).status).toBe(409);
    expect((await post(user.token, 'upload/purge', { ids: [b.id] })).status).toBe(409);
    const root = (await list(t().app, user.token)).result.folder.id;
    expect((await post(user.token, 'upload/delete', { ids: [root] })).status).toBe(409);
  });

  it('purging deletes for good: nodes, bytes and quota; a copy keeps the shared bytes alive', async () => {
    const { ctx } = t();
    const { user, dir, a } = await setup();
    const copy = await post<FileNode>(user.token, 'upload/createDirOrFile', { type: 'file', source_id: a.id });
    const storedId =
      (await ctx.db.selectFrom('file_nodes').select('stored_file_id').where('id', '=', a.id).executeTakeFirstOrThrow())
        .stored_file_id ?? 0;
    await post(user.token, 'upload/delete', { ids: [dir.id] });
    expect((await post(user.token, 'upload/purge', { ids: [dir.id] })).status).toBe(200);
    expect(await ctx.db.selectFrom('file_nodes').select('id').where('id', 'in', [dir.id, a.id]).execute()).toEqual([]);
    expect((await list(t().app, user.token)).result.space.quota.used_bytes).toBe(1000);
    const key = (
      await ctx.db.selectFrom('stored_files').select('storage_key').where('id', '=', storedId).executeTakeFirstOrThrow()
    ).storage_key;
    await expect(ctx.storage.get(key)).resolves.toBeDefined();
    // Purging the last copy removes the bytes too.
    await post(user.token, 'upload/delete', { ids: [copy.result.id] });
    const emptied = await post<{ purged: number }>(user.token, 'upload/emptyTrash', {});
    expect(emptied.result.purged).toBe(1);
    expect(
      await ctx.db.selectFrom('stored_files').select('id').where('id', '=', storedId).executeTakeFirst(),
    ).toBeUndefined();
    await expect(ctx.storage.get(key)).rejects.toThrow();
    expect((await list(t().app, user.token)).result.space.quota.used_bytes).toBe(0);
  });

  it(`purges what has been in the trash for ${TRASH_RETENTION_DAYS} days, and nothing younger`, async () => {
    const { ctx } = t();
    const { user, dir } = await setup();
    const b = (await upload(t().app, user.token, 'young.png', png(2000))).result as FileNode;
    await post(user.token, 'upload/delete', { ids: [dir.id, b.id] });
    const old = new Date(Date.now() - (TRASH_RETENTION_DAYS * 86_400_000 + 60_000)).toISOString();
    await ctx.db.updateTable('file_nodes').set({ trashed_at: old }).where('trash_root_id', '=', dir.id).execute();
    expect(await purgeExpiredTrash(ctx)).toBeGreaterThanOrEqual(1);
    const left = await trash(user.token);
    expect(left.result.items.map((i) => i.id)).toEqual([b.id]);
    expect(left.result.space.quota.used_bytes).toBe(2000);
  });
});

import type { FileNode, SignedUrl, SpaceInfo } from '@mathbridge/contracts/files';
import { FOLDER_MAX_DEPTH } from '@mathbridge/contracts/files';
import { expect, it } from 'vitest';
import { call, describeApi, registerUser, useTestApp } from '../../test/harness.ts';
import { jpg, list, mkdir, pdf, png, upload } from './files.fixtures.ts';

describeApi('file spaces: folders and files', () => {
  const t = useTestApp();
  const en = { locale: 'en-US' as const };

  it('gives every user a personal space on first use, listed with its quota', async () => {
    const user = await registerUser(t().app);
    const spaces = await call<{ items: SpaceInfo[] }>(t().app, 'GET', 'upload/spaces', {}, { token: user.token });
    expect(spaces.status).toBe(200);
    const personal = spaces.result.items[0];
    expect(personal).toMatchObject({
      kind: 'personal',
      role: 'manage',
      quota: { holder: 'user', used_bytes: 0, quota_bytes: 1024 ** 3 },
    });
    // A visitor (no certified role) does not see the shared templates.
    expect(spaces.result.items.map((s) => s.kind)).toEqual(['personal']);
    const again = await call<{ items: SpaceInfo[] }>(t().app, 'GET', 'upload/spaces', {}, { token: user.token });
    expect(again.result.items[0]?.id).toBe(personal?.id);
    const listed = await list(t().app, user.token);
    expect(listed.result).toMatchObject({
      space: { id: personal?.id },
      folder: { id: personal?.root_id },
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
    });
  });

  it('creates folders, lists folders first with breadcrumbs and icons, and pages through', async () => {
    const user = await registerUser(t().app);
    const docs = await mkdir(t().app, user.token, 'Docs');
    expect(docs.result).toMatchObject({
      name: 'Docs',
      type: 'dir',
      kind: 'folder',
      size: null,
      editable: true,
      download_url: null,
    });
    const sub = await mkdir(t().app, user.token, '2026 报告', { parent_id: docs.result.id });
    for (const [name, content] of [
      ['b.png', png(300)],
      ['a.pdf', pdf(300)],
      ['c.jpg', jpg(300)],
    ] as const) {
      expect((await upload(t().app, user.token, name, content, { parent_id: docs.result.id })).status).toBe(200);
    }
    await mkdir(t().app, user.token, 'zeta', { parent_id: docs.result.id });

    const page1 = await list(t().app, user.token, { parent_id: docs.result.id, page_size: 3 });
    expect(page1.result.items.map((i) => [i.name, i.kind])).toEqual([
      ['2026 报告', 'folder'],
      ['zeta', 'folder'],
      ['a.pdf', 'pdf'],
    ]);
    expect(page1.result.total).toBe(5);
    expect(page1.result.path.map((p) => p.name)).toEqual(['personal', 'Docs']);
    const pdfItem = page1.result.items[2];
    expect(pdfItem?.preview_url).toMatch(/^\/api\/upload\/download\/\d+\?u=\d+&e=\d+&d=i&s=/);
    expect(pdfItem?.download_url).toMatch(/&d=a&s=/);
    const page2 = await list(t().app, user.token, { parent_id: docs.result.id, page_size: 3, page: 2 });
    expect(page2.result.items.map((i) => i.name)).toEqual(['b.png', 'c.jpg']);
    const bySize = await list(t().app, user.token, { parent_id: docs.result.id, sort: 'updated_at', order: 'desc' });
    expect(bySize.result.items.slice(0, 2).every((i) => i.type === 'dir')).toBe(true);
    const inner = await list(t().app, user.token, { parent_id: sub.result.id });
    expect(inner.result.path.map((p) => p.name)).toEqual(['personal', 'Docs', '2026 报告']);
  });

  it('refuses a folder name that is taken (409), invalid (400), or a file as parent (409)', async () => {
    const user = await registerUser(t().app);
    await mkdir(t().app, user.token, 'Data');
    const clash = await mkdir(t().app, user.token, 'data');
    expect(clash).toMatchObject({ status: 409, message: 'An item named "data" already exists in this folder' });
    for (const name of ['a/b', 'a\\b', '..', '.', 'x\u0000y', 'tab\there', 'x'.repeat(256)]) {
      const reply = await call(
        t().app,
        'POST',
        'upload/createDirOrFile',
        { type: 'dir', name },
        { token: user.token, ...en },
      );
      expect(reply.status, JSON.stringify(name)).toBe(400);
    }
    const file = await upload(t().app, user.token, 'x.png', png(200));
    expect((await mkdir(t().app, user.token, 'inside', { parent_id: file.result?.id })).status).toBe(409);
  });

  it(`nests folders at most ${FOLDER_MAX_DEPTH} levels deep`, async () => {
    const user = await registerUser(t().app);
    let parent: number | undefined;
    for (let depth = 1; depth <= FOLDER_MAX_DEPTH; depth += 1) {
      const reply = await mkdir(t().app, user.token, `d${depth}`, parent ? { parent_id: parent } : {});
      expect(reply.status).toBe(200);
      parent = reply.result.id;
    }
    expect((await mkdir(t().app, user.token, 'too deep', { parent_id: parent })).status).toBe(409);
  });

  it('renames: a clash is 409, a file keeps its extension, a case change is fine', async () => {
    const user = await registerUser(t().app);
    const a = await upload(t().app, user.token, 'a.pdf', pdf(300));
    await upload(t().app, user.token, 'b.pdf', pdf(300));
    const rename = (id: number | undefined, name: string) =>
      call<FileNode>(t().app, 'POST', 'upload/updateFileName', { id, name }, { token: user.token, ...en });
    expect((await rename(a.result?.id, 'B.pdf')).status).toBe(409);
    expect(await rename(a.result?.id, 'a.exe')).toMatchObject({
      status: 415,
      message: 'The name must keep the .pdf extension',
    });
    expect((await rename(a.result?.id, '../a.pdf')).status).toBe(400);
    expect((await rename(a.result?.id, 'A.pdf')).result.name).toBe('A.pdf');
    expect((await rename(a.result?.id, '论文 终稿.PDF')).result).toMatchObject({ name: '论文 终稿.PDF', kind: 'pdf' });
    const space = await list(t().app, user.token);
    expect((await rename(space.result.folder.id, 'root')).status).toBe(409);
  });

  it('moves files and folders with their contents, and refuses moving a folder into itself or below', async () => {
    const user = await registerUser(t().app);
    const a = await mkdir(t().app, user.token, 'A');
    const b = await mkdir(t().app, user.token, 'B', { parent_id: a.result.id });
    const c = await mkdir(t().app, user.token, 'C', { parent_id: b.result.id });
    const f = await upload(t().app, user.token, 'f.png', png(300), { parent_id: c.result.id });
    const move = (ids: (number | undefined)[], target_id?: number) =>
      call<{ items: FileNode[] }>(t().app, 'POST', 'upload/moveFile', { ids, target_id }, { token: user.token, ...en });

    expect(await move([a.result.id], a.result.id)).toMatchObject({
      status: 409,
      message: 'A folder cannot be moved into itself or one of its subfolders',
    });
    expect((await move([a.result.id], c.result.id)).status).toBe(409);
    expect((await move([b.result.id], f.result?.id)).status).toBe(409);

    // B (with C and f inside) goes to the root; its subtree follows.
    const moved = await move([b.result.id]);
    expect(moved.status).toBe(200);
    expect(moved.result.items[0]?.parent_id).toBe((await list(t().app, user.token)).result.folder.id);
    const inC = await list(t().app, user.token, { parent_id: c.result.id });
    expect(inC.result.path.map((p) => p.name)).toEqual(['personal', 'B', 'C']);
    expect(inC.result.items.map((i) => i.name)).toEqual(['f.png']);
    // Now A may go into C (no longer its descendant).
    expect((await move([a.result.id], c.result.id)).status).toBe(200);
    expect((await list(t().app, user.token, { parent_id: a.result.id })).result.path.map((p) => p.name)).toEqual([
      'personal',
      'B',
      'C',
      'A',
    ]);

    // A clash in the target refuses the whole call, nothing moves.
    const other = await upload(t().app, user.token, 'f.png', png(300));
    const before = (await list(t().app, user.token)).result.items.map((i) => i.id);
    expect((await move([other.result?.id], c.result.id)).status).toBe(409);
    expect((await list(t().app, user.token)).result.items.map((i) => i.id)).toEqual(before);
  });

  it('copies a readable file into a folder (createDirOrFile type=file) sharing the bytes and charging the quota', async () => {
    const user = await registerUser(t().app);
    const src = await upload(t().app, user.token, 'plan.pdf', pdf(5000));
    const dir = await mkdir(t().app, user.token, 'Copies');
    const copy = await call<FileNode>(
      t().app,
      'POST',
      'upload/createDirOrFile',
      { type: 'file', source_id: src.result?.id, parent_id: dir.result.id },
      { token: user.token },
    );
    expect(copy.result).toMatchObject({ name: 'plan.pdf', type: 'file', size: 5000 });
    const again = await call<FileNode>(
      t().app,
      'POST',
      'upload/createDirOrFile',
      { type: 'file', source_id: src.result?.id, parent_id: dir.result.id },
      { token: user.token },
    );
    expect(again.result.name).toBe('plan (1).pdf');
    const renamed = await call(
      t().app,
      'POST',
      'upload/createDirOrFile',
      { type: 'file', source_id: src.result?.id, name: 'plan.exe' },
      { token: user.token },
    );
    expect(renamed.status).toBe(415);
    expect(
      (
        await call(
          t().app,
          'POST',
          'upload/createDirOrFile',
          { type: 'file', source_id: dir.result.id },
          { token: user.token },
        )
      ).status,
    ).toBe(409);
    expect(
      (await call(t().app, 'POST', 'upload/createDirOrFile', { type: 'file' }, { token: user.token })).status,
    ).toBe(400);
    const rows = await t()
      .ctx.db.selectFrom('file_nodes')
      .select('stored_file_id')
      .where('name', 'like', 'plan%')
      .execute();
    expect(new Set(rows.map((r) => r.stored_file_id)).size).toBe(1);
    expect((await list(t().app, user.token)).result.space.quota.used_bytes).toBe(15000);
  });

  it('replaces a file’s content (update), keeping id, name and place; a different type is refused', async () => {
    const user = await registerUser(t().app);
    const first = await upload(t().app, user.token, 'photo.png', png(1000));
    const storedOf = async () =>
      (
        await t()
          .ctx.db.selectFrom('file_nodes')
          .select('stored_file_id')
          .where('id', '=', first.result?.id ?? 0)
          .executeTakeFirstOrThrow()
      ).stored_file_id ?? 0;
    const oldStored = await storedOf();
    const replaced = await upload(
      t().app,
      user.token,
      'new-version.png',
      png(3000),
      { id: first.result?.id ?? 0 },
      { path: 'upload/update' },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.result).toMatchObject({ id: first.result?.id, name: 'photo.png', size: 3000 });
    expect((await list(t().app, user.token)).result.space.quota.used_bytes).toBe(3000);
    const wrongType = await upload(
      t().app,
      user.token,
      'doc.pdf',
      pdf(1000),
      { id: first.result?.id ?? 0 },
      { path: 'upload/update' },
    );
    expect(wrongType).toMatchObject({ status: 415, message: 'The new file must also be a .png file' });
    const disguised = await upload(
      t().app,
      user.token,
      'x.png',
      Buffer.from('MZ' + 'x'.repeat(5000)),
      { id: first.result?.id ?? 0 },
      { path: 'upload/update' },
    );
    expect(disguised.status).toBe(415);
    // The old bytes are gone; the node refers to the new ones.
    expect(
      await t().ctx.db.selectFrom('stored_files').select('id').where('id', '=', oldStored).executeTakeFirst(),
    ).toBeUndefined();
    const current = await t()
      .ctx.db.selectFrom('stored_files')
      .select('size')
      .where('id', '=', await storedOf())
      .executeTakeFirstOrThrow();
    expect(Number(current.size)).toBe(3000);
  });

  describeApi('access: another user’s ids answer 304 on every call', () => {
    it('cannot read, write, move, rename, replace, copy, delete, restore, purge or download another user’s nodes', async () => {
      const { app } = t();
      const owner = await registerUser(app);
      const intruder = await registerUser(app);
      const dir = await mkdir(app, owner.token, 'Private');
      const file = await upload(app, owner.token, 'secret.pdf', pdf(500), { parent_id: dir.result.id });
      const gone = await upload(app, owner.token, 'gone.pdf', pdf(500));
      await call(app, 'POST', 'upload/delete', { ids: [gone.result?.id] }, { token: owner.token });
      const ownerSpace = (await list(app, owner.token)).result.space.id;
      const mine = await mkdir(app, intruder.token, 'Mine');
      const myFile = await upload(app, intruder.token, 'mine.pdf', pdf(500));
      const fileId = file.result?.id;
      const tk = { token: intruder.token };

      const replies = {
        list: await list(app, intruder.token, { parent_id: dir.result.id }),
        listSpace: await list(app, intruder.token, { space_id: ownerSpace }),
        upload: await upload(app, intruder.token, 'x.png', png(100), { parent_id: dir.result.id }),
        uploadSpace: await upload(app, intruder.token, 'x.png', png(100), { space_id: ownerSpace }),
        update: await upload(app, intruder.token, 'x.pdf', pdf(100), { id: fileId ?? 0 }, { path: 'upload/update' }),
        mkdir: await mkdir(app, intruder.token, 'x', { parent_id: dir.result.id }),
        copyFrom: await call(app, 'POST', 'upload/createDirOrFile', { type: 'file', source_id: fileId }, tk),
        moveTheirs: await call(app, 'POST', 'upload/moveFile', { ids: [fileId] }, tk),
        moveInto: await call(
          app,
          'POST',
          'upload/moveFile',
          { ids: [myFile.result?.id], target_id: dir.result.id },
          tk,
        ),
        moveMixed: await call(
          app,
          'POST',
          'upload/moveFile',
          { ids: [mine.result.id, fileId], target_id: mine.result.id },
          tk,
        ),
        rename: await call(app, 'POST', 'upload/updateFileName', { id: fileId, name: 'pwned.pdf' }, tk),
        delete: await call(app, 'POST', 'upload/delete', { ids: [fileId] }, tk),
        trashList: await call(app, 'GET', 'upload/trashList', { space_id: ownerSpace }, tk),
        restore: await call(app, 'POST', 'upload/restore', { ids: [gone.result?.id] }, tk),
        purge: await call(app, 'POST', 'upload/purge', { ids: [gone.result?.id] }, tk),
        emptyTrash: await call(app, 'POST', 'upload/emptyTrash', { space_id: ownerSpace }, tk),
        downloadUrl: await call<SignedUrl>(app, 'POST', 'upload/downloadUrl', { id: fileId }, tk),
        batch: await call(app, 'POST', 'upload/batchDownLoad', { ids: [myFile.result?.id, dir.result.id] }, tk),
      };
      for (const [name, reply] of Object.entries(replies)) expect(reply.status, name).toBe(304);

      // Nothing changed for the owner.
      const after = await list(app, owner.token, { parent_id: dir.result.id });
      expect(after.result.items.map((i) => i.name)).toEqual(['secret.pdf']);
      expect((await list(app, intruder.token)).result.items.map((i) => i.name)).toEqual(['Mine', 'mine.pdf']);
    });

    it('a node that does not exist answers 404', async () => {
      const user = await registerUser(t().app);
      expect((await list(t().app, user.token, { parent_id: 999_999 })).status).toBe(404);
      expect(
        (await call(t().app, 'POST', 'upload/updateFileName', { id: 999_999, name: 'x' }, { token: user.token }))
          .status,
      ).toBe(404);
      expect((await list(t().app, user.token, { space_id: 999_999 })).status).toBe(404);
    });

    it('should require authentication on every call', async () => {
      const { app } = t();
      const gets = ['upload/spaces', 'upload/getAttachmentList', 'upload/trashList'];
      const posts: [string, Record<string, unknown>][] = [
        ['upload/createDirOrFile', { type: 'dir', name: 'x' }],
        ['upload/moveFile', { ids: [1] }],
        ['upload/updateFileName', { id: 1, name: 'x' }],
        ['upload/delete', { ids: [1] }],
        ['upload/restore', { ids: [1] }],
        ['upload/purge', { ids: [1] }],
        ['upload/emptyTrash', {}],
        ['upload/downloadUrl', { id: 1 }],
        ['upload/batchDownLoad', { ids: [1] }],
      ];
      for (const path of gets) expect((await call(app, 'GET', path, {})).status, path).toBe(305);
      for (const [path, body] of posts) expect((await call(app, 'POST', path, body)).status, path).toBe(305);
      expect((await upload(app, undefined, 'a.png', png(100), { id: 1 }, { path: 'upload/update' })).status).toBe(305);
    });
  });
});

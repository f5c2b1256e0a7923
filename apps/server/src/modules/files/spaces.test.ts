import fs from 'node:fs';
import path from 'node:path';
import type { FileNode, SignedUrl, SpaceInfo } from '@mathbridge/contracts/files';
import { expect, it, vi } from 'vitest';
import { nowIso } from '../../lib/time.ts';
import { call, describeApi, registerUser, useTestApp } from '../../test/harness.ts';
import { fetchLink, list, pdf, png, upload } from './files.fixtures.ts';
import { createSpace, grantSpaceMember, revokeSpaceMember, setQuotaLimit } from './spaces.service.ts';

/** Every file under a folder, recursively (to prove refused uploads leave no bytes behind). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describeApi('file spaces: quotas, members, shared templates', () => {
  const t = useTestApp();
  const KB = 1024;

  async function userWith(roles: string[] = [], verifyState: number | null = null) {
    const { app, ctx } = t();
    const user = await registerUser(app);
    const profile = await call<{ info: { id: number } }>(app, 'GET', 'user/profile', {}, { token: user.token });
    const id = profile.result.info.id;
    for (const role of roles)
      await ctx.db.insertInto('user_roles').values({ user_id: id, role, status: 1, created_at: nowIso() }).execute();
    if (verifyState !== null)
      await ctx.db.updateTable('users').set({ verify_state: verifyState }).where('id', '=', id).execute();
    return { ...user, id };
  }
  const post = <T = unknown>(token: string, p: string, body: Record<string, unknown>) =>
    call<T>(t().app, 'POST', p, body, { token, locale: 'en-US' });

  it('refuses an upload that would pass the quota before storing a byte, from the declared size or Content-Length', async () => {
    const { app, ctx } = t();
    const user = await userWith();
    await setQuotaLimit(ctx, { type: 'user', id: user.id }, 100 * KB);
    expect((await upload(app, user.token, 'a.png', png(60 * KB))).status).toBe(200);
    const put = vi.spyOn(ctx.storage, 'put');
    try {
      const declared = await upload(app, user.token, 'b.png', png(1 * KB), { size: 50 * KB });
      expect(declared).toMatchObject({ status: 413, message: 'Not enough storage space: 60 KB of 100 KB used' });
      const byLength = await upload(app, user.token, 'c.png', png(80 * KB));
      expect(byLength.status).toBe(413);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
    const listed = await list(app, user.token);
    expect(listed.result.space.quota).toEqual({ holder: 'user', used_bytes: 60 * KB, quota_bytes: 100 * KB });
  });

  it('stops the stream when a file passes the quota though its declared size fitted, and keeps nothing', async () => {
    const { app, ctx, dataDir } = t();
    const user = await userWith();
    await setQuotaLimit(ctx, { type: 'user', id: user.id }, 100 * KB);
    const before = filesUnder(path.join(dataDir, 'files', 'spaces')).length;
    const lying = await upload(app, user.token, 'big.png', png(150 * KB), { size: 10 });
    expect(lying.status).toBe(413);
    // A client that sends no Content-Length (chunked) is caught the same way.
    expect(filesUnder(path.join(dataDir, 'files', 'spaces')).length).toBe(before);
    expect((await list(app, user.token)).result.space.quota.used_bytes).toBe(0);
  });

  it('never lets concurrent uploads pass the quota together', async () => {
    const { app, ctx } = t();
    const user = await userWith();
    await setQuotaLimit(ctx, { type: 'user', id: user.id }, 100 * KB);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => upload(app, user.token, `p${i}.png`, png(30 * KB), { size: 30 * KB })),
    );
    const ok = replies.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(3);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 413)).toBe(true);
    const quota = (await list(app, user.token)).result.space.quota;
    expect(quota.used_bytes).toBe(ok * 30 * KB);
    expect(quota.used_bytes).toBeLessThanOrEqual(100 * KB);
  });

  it('a feature’s space charges its organisation and gives members read, write or manage', async () => {
    const { app, ctx } = t();
    const owner = await userWith(['ResearchInstitute'], 1);
    const writer = await userWith(['Specialist'], 1);
    const reader = await userWith(['Student'], 1);
    const outsider = await userWith(['Specialist'], 1);
    const space = await createSpace(ctx, {
      kind: 'subject',
      refKey: 'subject:42',
      name: 'Subject 42',
      ownerUserId: owner.id,
      quotaHolder: { type: 'org', id: 7 },
    });
    expect(
      (
        await createSpace(ctx, {
          kind: 'subject',
          refKey: 'subject:42',
          name: 'again',
          ownerUserId: owner.id,
          quotaHolder: { type: 'org', id: 7 },
        })
      ).id,
    ).toBe(space.id);
    await grantSpaceMember(ctx, space.id, writer.id, 'write', owner.id);
    await grantSpaceMember(ctx, space.id, reader.id, 'read', owner.id);

    const spaces = await call<{ items: SpaceInfo[] }>(app, 'GET', 'upload/spaces', {}, { token: writer.token });
    expect(spaces.result.items.find((s) => s.id === space.id)).toMatchObject({
      kind: 'subject',
      role: 'write',
      quota: { holder: 'org' },
    });

    const uploaded = await upload(app, writer.token, 'data.pdf', pdf(4 * KB), { space_id: space.id });
    expect(uploaded.status).toBe(200);
    const file = uploaded.result as FileNode;
    expect((await list(app, owner.token, { space_id: space.id })).result.space.quota).toMatchObject({
      holder: 'org',
      used_bytes: 4 * KB,
    });
    expect((await list(app, owner.token)).result.space.quota.used_bytes).toBe(0);

    expect(
      (await list(app, reader.token, { space_id: space.id })).result.items.map((i) => [i.name, i.editable]),
    ).toEqual([['data.pdf', false]]);
    expect((await upload(app, reader.token, 'x.pdf', pdf(KB), { space_id: space.id })).status).toBe(304);
    expect((await post(reader.token, 'upload/updateFileName', { id: file.id, name: 'y.pdf' })).status).toBe(304);
    expect((await post(reader.token, 'upload/delete', { ids: [file.id] })).status).toBe(304);
    expect((await list(app, outsider.token, { space_id: space.id })).status).toBe(304);

    // A link issued to the reader dies with the membership.
    const link = (await post<SignedUrl>(reader.token, 'upload/downloadUrl', { id: file.id })).result.url;
    expect((await fetchLink(app, link)).statusCode).toBe(200);
    await revokeSpaceMember(ctx, space.id, reader.id, owner.id);
    expect(JSON.parse((await fetchLink(app, link)).body).status).toBe(304);
    expect((await list(app, reader.token, { space_id: space.id })).status).toBe(304);

    // The organisation's quota is its own, configurable per organisation.
    await setQuotaLimit(ctx, { type: 'org', id: 7 }, 5 * KB);
    expect((await upload(app, writer.token, 'more.pdf', pdf(2 * KB), { space_id: space.id })).status).toBe(413);
  });

  it('shared templates: admins and verified research institutes publish, the sharedTplFile roles read', async () => {
    const { app } = t();
    const admin = await userWith(['Admin']);
    const institute = await userWith(['ResearchInstitute'], 1);
    const otherInstitute = await userWith(['ResearchInstitute'], 1);
    const student = await userWith(['Student'], 1);
    const pendingStudent = await userWith(['Student'], 0);
    const enterprise = await userWith(['Enterprise'], 1);

    const spacesOf = async (token: string) =>
      (await call<{ items: SpaceInfo[] }>(app, 'GET', 'upload/spaces', {}, { token })).result.items;
    const shared = (await spacesOf(admin.token)).find((s) => s.kind === 'shared_tpl');
    expect(shared).toMatchObject({ role: 'manage', quota: { holder: 'platform' } });
    const sharedId = shared?.id ?? 0;
    expect((await spacesOf(institute.token)).find((s) => s.kind === 'shared_tpl')?.role).toBe('write');
    expect((await spacesOf(student.token)).find((s) => s.kind === 'shared_tpl')?.role).toBe('read');
    expect((await spacesOf(enterprise.token)).some((s) => s.kind === 'shared_tpl')).toBe(false);

    const byAdmin = (await upload(app, admin.token, 'contract-template.docx.pdf', pdf(2 * KB), { space_id: sharedId }))
      .result as FileNode;
    const byInstitute = (await upload(app, institute.token, 'proposal.pdf', pdf(3 * KB), { space_id: sharedId }))
      .result as FileNode;
    expect(byInstitute.editable).toBe(true);

    // Institutes edit what they published, not what others did; admins edit everything.
    expect((await post(institute.token, 'upload/updateFileName', { id: byAdmin.id, name: 'mine.pdf' })).status).toBe(
      304,
    );
    expect((await post(otherInstitute.token, 'upload/delete', { ids: [byInstitute.id] })).status).toBe(304);
    expect(
      (await post(institute.token, 'upload/updateFileName', { id: byInstitute.id, name: 'proposal v2.pdf' })).status,
    ).toBe(200);
    expect((await post(admin.token, 'upload/delete', { ids: [byInstitute.id] })).status).toBe(200);
    expect((await post(admin.token, 'upload/restore', { ids: [byInstitute.id] })).status).toBe(200);

    const studentView = await list(app, student.token, { space_id: sharedId });
    expect(studentView.result.items.map((i) => [i.name, i.editable])).toEqual([
      ['contract-template.docx.pdf', false],
      ['proposal v2.pdf', false],
    ]);
    const link = studentView.result.items[0]?.download_url ?? '';
    expect((await fetchLink(app, link)).statusCode).toBe(200);
    expect((await upload(app, student.token, 'x.pdf', pdf(KB), { space_id: sharedId })).status).toBe(304);
    expect((await list(app, pendingStudent.token, { space_id: sharedId })).status).toBe(304);
    expect((await list(app, enterprise.token, { space_id: sharedId })).status).toBe(304);
  });
});

import { GENERAL_MAX_UPLOAD_BYTES, MB } from '@mathbridge/contracts/constants';
import { FILE_UPLOAD_PROFILES, type FileUploadProfileName } from '@mathbridge/contracts/files';
import { expect, it } from 'vitest';
import { describeApi, registerUser, useTestApp } from '../../test/harness.ts';
import {
  bmp,
  doc,
  docx,
  exe,
  jpg,
  list,
  pdf,
  png,
  rar,
  sevenZip,
  shellScript,
  text,
  upload,
  zip,
} from './files.fixtures.ts';

/** Content with the right magic bytes for each type a profile may allow, of an exact size. */
const MAKE: Record<string, (size: number) => Buffer | Promise<Buffer>> = {
  png,
  jpg,
  jpeg: jpg,
  bmp,
  pdf,
  doc,
  docx,
  zip,
  rar,
  '7z': sevenZip,
};

/** Each distinct limit of a profile with one type it applies to. */
function limitsOf(name: FileUploadProfileName): { ext: string; bytes: number }[] {
  const profile = FILE_UPLOAD_PROFILES[name];
  const byExt: Record<string, number> = 'maxBytesByExtension' in profile ? { ...profile.maxBytesByExtension } : {};
  const plain = profile.extensions.find((ext) => MAKE[ext] && !(ext in byExt));
  const out = plain ? [{ ext: plain, bytes: profile.maxBytes }] : [];
  for (const [ext, bytes] of Object.entries(byExt)) if (!out.some((o) => o.bytes === bytes)) out.push({ ext, bytes });
  return out;
}

describeApi('uploads: every profile of spec §5', () => {
  const t = useTestApp();

  for (const name of Object.keys(FILE_UPLOAD_PROFILES) as FileUploadProfileName[]) {
    const profile = FILE_UPLOAD_PROFILES[name];
    const sniffable = profile.extensions.filter((ext) => MAKE[ext]);

    it(`${name}: accepts each of its types (${sniffable.join('/')}) with matching content`, async () => {
      const user = await registerUser(t().app);
      for (const ext of sniffable) {
        const reply = await upload(t().app, user.token, `sample.${ext}`, await MAKE[ext]!(4096), { profile: name });
        expect(reply.status, `${ext}: ${reply.message}`).toBe(200);
        expect(reply.result?.size).toBe(4096);
      }
    });

    for (const { ext, bytes } of limitsOf(name)) {
      it(`${name}: a .${ext} of exactly ${bytes} bytes passes and one byte more is refused`, async () => {
        const user = await registerUser(t().app);
        const atLimit = await upload(t().app, user.token, `edge.${ext}`, await MAKE[ext]!(bytes), { profile: name });
        expect(atLimit.status, atLimit.message).toBe(200);
        expect(atLimit.result?.size).toBe(bytes);
        const over = await upload(t().app, user.token, `over.${ext}`, await MAKE[ext]!(bytes + 1), { profile: name });
        expect(over.status).toBe(413);
        expect(over.message).toBe(`The file may be at most ${bytes / MB} MB`);
        const listed = await list(t().app, user.token);
        expect(listed.result.items.map((item) => item.name)).toEqual([`edge.${ext}`]);
      });
    }
  }

  it('the general maximum is 10,485,760 bytes, and the space profile follows it', () => {
    expect(GENERAL_MAX_UPLOAD_BYTES).toBe(10_485_760);
    expect(FILE_UPLOAD_PROFILES.space.maxBytes).toBe(GENERAL_MAX_UPLOAD_BYTES);
  });

  it('says which rule failed, naming the types and the limit, in every locale', async () => {
    const user = await registerUser(t().app);
    const gif = Buffer.from('GIF89a' + 'x'.repeat(100));
    const en = await upload(t().app, user.token, 'a.gif', gif, { profile: 'image' }, { locale: 'en-US' });
    expect(en).toMatchObject({ status: 415, message: 'Only jpg/png, at most 2 MB' });
    const cn = await upload(t().app, user.token, 'a.gif', gif, { profile: 'image' }, { locale: 'zh-CN' });
    expect(cn.message).toBe('仅支持jpg/png，且不超过2 MB');
    const hk = await upload(t().app, user.token, 'a.gif', gif, { profile: 'image' }, { locale: 'zh-HK' });
    expect(hk.message).toBe('僅支援jpg/png，且不超過2 MB');
    const rule2 = await upload(t().app, user.token, 'a.gif', gif, { profile: 'rule2' });
    expect(rule2.message).toBe('Only doc/docx/pdf/jpg/jpeg/bmp/png/zip/rar/7z, at most 5 MB (zip/rar/7z: 10 MB)');
    const space = await upload(t().app, user.token, 'tool.msi', exe(), {});
    expect(space).toMatchObject({
      status: 415,
      message: expect.stringContaining('.msi files cannot be uploaded here'),
    });
  });

  it('refuses a Windows executable renamed .png and a shell script renamed .pdf, in every profile that takes them', async () => {
    const user = await registerUser(t().app);
    for (const profile of ['image', 'imageLarge', 'certificate', 'document', 'rule2', 'space'] as const) {
      const reply = await upload(t().app, user.token, 'photo.png', exe(), { profile });
      expect(reply.status, profile).toBe(415);
    }
    for (const profile of ['document', 'rule2', 'docs', 'space'] as const) {
      const reply = await upload(t().app, user.token, 'paper.pdf', shellScript(), { profile });
      expect(reply.status, profile).toBe(415);
    }
    const space = await upload(t().app, user.token, 'paper.pdf', shellScript(), {}, { locale: 'zh-CN' });
    expect(space.message).toBe('文件内容与 .pdf 格式不符');
    expect((await upload(t().app, user.token, 'notes.txt', exe(), {})).status).toBe(415);
    expect(
      (await upload(t().app, user.token, 'data.csv', Buffer.concat([text('a,b\n'), Buffer.alloc(8)]), {})).status,
    ).toBe(415);
    expect((await list(t().app, user.token)).result.total).toBe(0);
  });

  it('refuses exe and sh by name whatever they contain, and names with them in any case', async () => {
    const user = await registerUser(t().app);
    for (const name of ['setup.exe', 'SETUP.EXE', 'install.sh', 'photo.png.exe', 'run.Sh']) {
      const reply = await upload(t().app, user.token, name, png(2048), {}, { locale: 'en-US' });
      expect(reply.status, name).toBe(415);
      expect(reply.message, name).toMatch(/^\.(exe|sh) files are never accepted$/i);
    }
  });

  it('accepts text and code files whose bytes are text, stored as text/plain', async () => {
    const user = await registerUser(t().app);
    const py = await upload(
      t().app,
      user.token,
      'fit.py',
      text('#!/usr/bin/env python3\nimport numpy as np\nprint(np.pi)\n'),
      {},
    );
    expect(py.result).toMatchObject({ kind: 'code', mime: 'text/plain', ext: 'py' });
    const csv = await upload(t().app, user.token, '数据.csv', text('年份,产量\n2024,1\n'), {});
    expect(csv.result).toMatchObject({ kind: 'spreadsheet', name: '数据.csv' });
    const html = await upload(t().app, user.token, 'page.html', text('<script>alert(1)</script>'), {});
    expect(html.result?.mime).toBe('text/plain');
  });

  it('keeps the name as metadata only: traversal, absolute and NUL names cannot reach the disk', async () => {
    const { app, ctx } = t();
    const user = await registerUser(app);
    const traversal = await upload(app, user.token, '../../../../etc/cron.d/evil.png', png(500), {});
    expect(traversal.result?.name).toBe('evil.png');
    const windows = await upload(app, user.token, '..\\..\\windows\\system32\\evil2.png', png(500), {});
    expect(windows.result?.name).toBe('evil2.png');
    const absolute = await upload(app, user.token, '/etc/passwd.png', png(500), {});
    expect(absolute.result?.name).toBe('passwd.png');
    for (const bad of ['..', 'a\u0001b.png', 'nul\u0000.png', 'gpj.\u202eexe.png']) {
      const reply = await upload(app, user.token, bad, png(500), {});
      expect(reply.status, JSON.stringify(bad)).not.toBe(200);
    }
    const rows = await ctx.db
      .selectFrom('stored_files')
      .select(['storage_key'])
      .where('purpose', '=', 'space')
      .execute();
    for (const row of rows) expect(row.storage_key).toMatch(/^spaces\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
  });

  it('gives a clashing upload an automatic " (1)" suffix, case-insensitively', async () => {
    const user = await registerUser(t().app);
    const names = [];
    for (const name of ['Report.pdf', 'report.PDF', 'Report.pdf', 'Report (1).pdf']) {
      names.push((await upload(t().app, user.token, name, pdf(1000), {})).result?.name);
    }
    expect(names).toEqual(['Report.pdf', 'report (1).PDF', 'Report (2).pdf', 'Report (1) (1).pdf']);
  });

  it('twenty concurrent uploads of one name into one folder all land, each under its own name', async () => {
    const user = await registerUser(t().app);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => upload(t().app, user.token, 'scan.png', png(50_000), {})),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const names = replies.map((r) => r.result?.name);
    expect(new Set(names).size).toBe(20);
    expect(names).toContain('scan.png');
    expect(names).toContain('scan (19).png');
    const listed = await list(t().app, user.token, { page_size: 100 });
    expect(listed.result.total).toBe(20);
    expect(listed.result.space.quota.used_bytes).toBe(20 * 50_000);
  });

  it('refuses an unknown profile name and a missing file part', async () => {
    const user = await registerUser(t().app);
    expect((await upload(t().app, user.token, 'a.png', png(100), { profile: 'everything' })).status).toBe(400);
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/upload/upload?ignore_sign=1',
      headers: { 'x-mathbridge-token': user.token, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(JSON.parse(response.body).status).toBe(400);
  });

  it('should require authentication', async () => {
    expect((await upload(t().app, undefined, 'a.png', png(100), {})).status).toBe(305);
    expect((await upload(t().app, 'not-a-token', 'a.png', png(100), {})).status).toBe(305);
  });
});

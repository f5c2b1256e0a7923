import { randomBytes } from 'node:crypto';
import type { FileNode, SignedUrl } from '@mathbridge/contracts/files';
import { expect, it } from 'vitest';
import { call, describeApi, registerUser, useTestApp } from '../../test/harness.ts';
import { filesConfig } from './files.config.ts';
import { docx, fetchLink, mkdir, pdf, png, pngWith, text, unzip, upload } from './files.fixtures.ts';
import { fileUrl } from './signed-urls.ts';

/** A PNG header followed by random bytes: sniffs as PNG, and any corruption would show. */
const noisyPng = (size: number) => pngWith(randomBytes(size - 41));

describeApi('file spaces: signed downloads and batch zip', () => {
  const t = useTestApp();
  const post = <T>(token: string, path: string, body: Record<string, unknown>) =>
    call<T>(t().app, 'POST', path, body, { token, locale: 'en-US' });

  it('previews an image inline with a safe type, RFC 5987 name and nosniff, and gives the same bytes', async () => {
    const user = await registerUser(t().app);
    const content = noisyPng(200_000);
    const uploaded = (await upload(t().app, user.token, '实验 图 1.png', content)).result as FileNode;
    // Browsers escape quotes in multipart names; a rename puts them in the name itself.
    const file = (
      await post<FileNode>(user.token, 'upload/updateFileName', { id: uploaded.id, name: '实验 "图" 1.png' })
    ).result;
    const link = await post<SignedUrl>(user.token, 'upload/downloadUrl', { id: file.id, inline: 1 });
    expect(Date.parse(link.result.expires_at) - Date.now()).toBeGreaterThan(500_000);
    const response = await fetchLink(t().app, link.result.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="__ _${'_'}_ 1.png"; filename*=UTF-8''%E5%AE%9E%E9%AA%8C%20%22%E5%9B%BE%22%201.png`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBe('200000');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(response.rawPayload.equals(content)).toBe(true);
  });

  it('previews PDFs inline, and downloads everything else as an attachment even when inline is asked', async () => {
    const user = await registerUser(t().app);
    const paper = (await upload(t().app, user.token, 'paper.pdf', pdf(5000))).result as FileNode;
    const word = (await upload(t().app, user.token, 'report.docx', await docx(6000))).result as FileNode;
    const page = (await upload(t().app, user.token, 'page.html', text('<script>alert(document.cookie)</script>')))
      .result as FileNode;
    const open = async (id: number) =>
      fetchLink(t().app, (await post<SignedUrl>(user.token, 'upload/downloadUrl', { id, inline: 1 })).result.url);
    const pdfResponse = await open(paper.id);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    expect(pdfResponse.headers['content-disposition']).toMatch(/^inline;/);
    const docxResponse = await open(word.id);
    expect(docxResponse.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docxResponse.headers['content-disposition']).toMatch(/^attachment;/);
    const htmlResponse = await open(page.id);
    expect(htmlResponse.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(htmlResponse.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(htmlResponse.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses a tampered, re-targeted or expired link', async () => {
    const { app, ctx } = t();
    const user = await registerUser(app);
    const other = await registerUser(app);
    const mine = (await upload(app, user.token, 'a.png', png(500))).result as FileNode;
    const theirs = (await upload(app, other.token, 'b.png', png(500))).result as FileNode;
    const url = (await post<SignedUrl>(user.token, 'upload/downloadUrl', { id: mine.id })).result.url;
    const body = async (u: string) => JSON.parse((await fetchLink(app, u)).body) as { status: number; message: string };
    expect((await body(url.replace(/s=[^&]+$/, 's=AAAA'))).status).toBe(304);
    expect((await body(url.replace(`/download/${mine.id}?`, `/download/${theirs.id}?`))).status).toBe(304);
    expect((await body(url.replace('&d=a&', '&d=i&'))).status).toBe(304);
    const expired = fileUrl(
      filesConfig(ctx).urlSecret,
      mine.id,
      0 + Number(new URL(url, 'http://x').searchParams.get('u')),
      Math.floor(Date.now() / 1000) - 1,
      'attachment',
    );
    expect(await body(expired)).toMatchObject({ status: 304, message: expect.stringMatching(/下载链接已过期/) });
    // A link signed for the owner but naming a node of someone else's space.
    const forged = fileUrl(
      filesConfig(ctx).urlSecret,
      theirs.id,
      Number(new URL(url, 'http://x').searchParams.get('u')),
      Math.floor(Date.now() / 1000) + 60,
      'attachment',
    );
    expect((await body(forged)).status).toBe(304);
  });

  it('streams a zip of chosen files and folders that unzips to the same tree, byte for byte', async () => {
    const user = await registerUser(t().app);
    const project = await mkdir(t().app, user.token, '课题 A');
    const data = await mkdir(t().app, user.token, 'data', { parent_id: project.result.id });
    await mkdir(t().app, user.token, 'empty', { parent_id: project.result.id });
    const files: Record<string, Buffer> = {
      '课题 A/plan.pdf': pdf(30_000),
      '课题 A/data/big.png': noisyPng(3 * 1024 * 1024),
      '课题 A/data/notes.md': text('# 笔记\n' + 'x'.repeat(10_000)),
    };
    await upload(t().app, user.token, 'plan.pdf', files['课题 A/plan.pdf']!, { parent_id: project.result.id });
    await upload(t().app, user.token, 'big.png', files['课题 A/data/big.png']!, { parent_id: data.result.id });
    await upload(t().app, user.token, 'notes.md', files['课题 A/data/notes.md']!, { parent_id: data.result.id });
    const outside = await mkdir(t().app, user.token, 'outside');
    const plan2 = pdf(777);
    await upload(t().app, user.token, 'plan.pdf', plan2, { parent_id: outside.result.id });
    const trashed = await upload(t().app, user.token, 'trashed.png', png(300), { parent_id: data.result.id });
    await post(user.token, 'upload/delete', { ids: [trashed.result?.id] });

    const link = await post<SignedUrl & { name: string }>(user.token, 'upload/batchDownLoad', {
      ids: [project.result.id, outside.result.id],
    });
    expect(link.status).toBe(200);
    expect(link.result.url).toMatch(
      /^\/api\/upload\/batchDownLoad\?ids=\d+,\d+&u=\d+&e=\d+&n=download-\d{8}-\d{6}\.zip&s=/,
    );
    const response = await fetchLink(t().app, link.result.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="download-\d{8}-\d{6}\.zip"/);
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        'outside/',
        'outside/plan.pdf',
        '课题 A/',
        '课题 A/data/',
        '课题 A/data/big.png',
        '课题 A/data/notes.md',
        '课题 A/empty/',
        '课题 A/plan.pdf',
      ].sort(),
    );
    for (const [path, content] of Object.entries(files)) expect(entries.get(path)?.equals(content), path).toBe(true);
    expect(entries.get('outside/plan.pdf')?.equals(plan2)).toBe(true);
  });

  it('names a single-folder zip after the folder, and separates same-named items at the top', async () => {
    const user = await registerUser(t().app);
    const a = await mkdir(t().app, user.token, 'A');
    const b = await mkdir(t().app, user.token, 'B');
    const one = (await upload(t().app, user.token, 'same.png', png(100), { parent_id: a.result.id }))
      .result as FileNode;
    const two = (await upload(t().app, user.token, 'same.png', png(200), { parent_id: b.result.id }))
      .result as FileNode;
    const single = await post<SignedUrl & { name: string }>(user.token, 'upload/batchDownLoad', { ids: [a.result.id] });
    expect(single.result.name).toBe('A.zip');
    const both = await post<SignedUrl>(user.token, 'upload/batchDownLoad', { ids: [one.id, two.id], name: '两张图' });
    const response = await fetchLink(t().app, both.result.url);
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''%E4%B8%A4%E5%BC%A0%E5%9B%BE.zip");
    const entries = await unzip(response.rawPayload);
    expect(entries.get('same.png')?.length).toBe(100);
    expect(entries.get('same (1).png')?.length).toBe(200);
  });

  it('a batch zip names entries as Windows can unpack them, like the research deliverables', async () => {
    const user = await registerUser(t().app);
    const dir = await mkdir(t().app, user.token, 'con');
    const odd = (await upload(t().app, user.token, 'a:b?.txt', text('odd'), { parent_id: dir.result.id }))
      .result as FileNode;
    await upload(t().app, user.token, 'a_b_.txt', text('plain'), { parent_id: dir.result.id });
    const link = await post<SignedUrl>(user.token, 'upload/batchDownLoad', { ids: [dir.result.id, odd.id] });
    const entries = await unzip((await fetchLink(t().app, link.result.url)).rawPayload);
    expect([...entries.keys()].sort()).toEqual(['_con/', '_con/a_b_ (1).txt', '_con/a_b_.txt', 'a_b_.txt'].sort());
    expect(entries.get('a_b_.txt')?.toString()).toBe('odd');
  });

  it('a zip link stops working when an item went to the trash, and cannot be altered', async () => {
    const user = await registerUser(t().app);
    const file = (await upload(t().app, user.token, 'x.png', png(100))).result as FileNode;
    const link = await post<SignedUrl>(user.token, 'upload/batchDownLoad', { ids: [file.id] });
    const altered = link.result.url.replace(`ids=${file.id}`, `ids=${file.id},1`);
    expect(JSON.parse((await fetchLink(t().app, altered)).body).status).toBe(304);
    await post(user.token, 'upload/delete', { ids: [file.id] });
    expect(JSON.parse((await fetchLink(t().app, link.result.url)).body).status).toBe(404);
    expect((await post(user.token, 'upload/batchDownLoad', { ids: [file.id] })).status).toBe(404);
  });
});

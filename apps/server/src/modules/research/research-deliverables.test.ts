import { expect, it } from 'vitest';
import type { FileNode } from '@mathbridge/contracts/files';
import type { DeliverablesLink, ProjectDetail, ResearchPhase } from '@mathbridge/contracts/research';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { fetchLink, mkdir, pdf, text, unzip, upload } from '../files/files.fixtures.ts';
import { get, joinWithPreset, newProject, ok, post, researchCast, type ResearchCast } from './research.fixtures.ts';

type Who = 'signedOut' | 'nonMember' | 'otherOrg' | 'admin' | 'viewer' | 'member' | 'owner';
const ORDER: Who[] = ['signedOut', 'nonMember', 'otherOrg', 'admin', 'viewer', 'member', 'owner'];

describeApi('research deliverables: one zip of the shared files and the accepted outcomes', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: ResearchCast;
  let p: ProjectDetail;
  let who: Record<Exclude<Who, 'signedOut'>, { token: string }>;
  const bytes = { notes: text('# 笔记\n'), data: pdf(700), odd: text('odd'), con: text('con'), proof: pdf(900) };

  async function fileIn(name: string, content: Buffer, parent?: number): Promise<FileNode> {
    const query: Record<string, number> = parent === undefined ? { space_id: p.space_id! } : { parent_id: parent };
    const reply = await upload(app(), c.institute.token, name, content, query);
    expect(reply.status, name).toBe(200);
    return reply.result as FileNode;
  }

  it('sets up a running subject with a member and a viewer, files in its space and phases', async () => {
    c = await researchCast(t());
    p = await newProject(app(), c.institute, 'subject', { publish: true, form: { title: 'CON: 排产/调度?' } });
    for (const [preset, user] of [
      ['member', c.member],
      ['viewer', c.viewer],
    ] as const)
      await joinWithPreset(app(), c.institute, user, 'subject', p.id, preset);
    who = {
      owner: c.institute,
      member: c.member,
      viewer: c.viewer,
      nonMember: c.outsider,
      otherOrg: c.otherInstitute,
      admin: c.admin,
    };
    // The space: a folder with a file, Windows-unsafe names side by side, a trashed file (left out).
    const folder = ok(await mkdir(app(), c.institute.token, '资料', { space_id: p.space_id! }), 'mkdir');
    await fileIn('笔记.md', bytes.notes, folder.id);
    await fileIn('data.pdf', bytes.data);
    await fileIn('a:b?.txt', bytes.odd);
    await fileIn('a_b_.txt', bytes.odd);
    await fileIn('con.txt', bytes.con);
    const gone = await fileIn('gone.txt', text('gone'));
    ok(await call(app(), 'POST', 'upload/delete', { ids: [gone.id] }, { token: c.institute.token }), 'trash');

    for (const title of ['建模/证明', '..', '计划中'])
      ok(await post(app(), c.institute, 'subject/savePhase', { id: p.id, title, goal: 'g' }), 'phase');
    ok(await post(app(), c.institute, 'subject/start', { id: p.id }), 'start');
    const list = ok(await get<ResearchPhase[]>(app(), c.institute, 'subject/phases', { id: p.id }), 'phases');
    const proof = await upload(app(), c.member.token, '证明.pdf', bytes.proof, { space_id: p.space_id! });
    const later = await upload(app(), c.member.token, 'later.txt', text('trashed later'), { space_id: p.space_id! });
    const attachments = [(proof.result as FileNode).id, (later.result as FileNode).id];
    // Phase 1: revised, then accepted (only the accepted text goes in); phase 2 accepted; phase 3 planned.
    const [one, two] = list;
    ok(await post(app(), c.member, 'subject/submitOutcome', { phase_id: one!.id, content: '初稿' }), 'submit');
    ok(await post(app(), c.institute, 'subject/reviewOutcome', { phase_id: one!.id, accept: 0, comment: '改' }), 'rv');
    const final = { phase_id: one!.id, content: '## 终稿\n$x^2$', attachments };
    ok(await post(app(), c.member, 'subject/submitOutcome', final), 'submit');
    ok(await post(app(), c.institute, 'subject/reviewOutcome', { phase_id: one!.id, accept: 1 }), 'accept');
    ok(await post(app(), c.member, 'subject/submitOutcome', { phase_id: two!.id, content: '二' }), 'submit');
    ok(await post(app(), c.institute, 'subject/reviewOutcome', { phase_id: two!.id, accept: 1 }), 'accept');
    const deleted = (later.result as FileNode).id;
    ok(await call(app(), 'POST', 'upload/delete', { ids: [deleted] }, { token: c.institute.token }), 'trash');
  });

  it('zips the live space under files/ and each accepted outcome with its live attachments, names made safe', async () => {
    const link = ok(await post<DeliverablesLink>(app(), c.member, 'subject/download', { id: p.id }), 'download');
    expect(link.name).toBe('CON_ 排产_调度_.zip');
    expect(link.url).toMatch(/^\/api\/subject\/download\?id=\d+&u=\d+&e=\d+&n=[^&]+&s=/);
    const response = await fetchLink(app(), link.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''");
    const entries = await unzip(response.rawPayload);
    const files = [...entries.keys()].sort();
    expect(files).toEqual(
      [
        'files/',
        'files/资料/',
        'files/资料/笔记.md',
        'files/data.pdf',
        'files/a_b_.txt',
        'files/a_b_ (1).txt',
        'files/_con.txt',
        'files/证明.pdf',
        'phases/',
        'phases/1-建模_证明/',
        'phases/1-建模_证明/outcome.md',
        'phases/1-建模_证明/证明.pdf',
        'phases/2-/',
        'phases/2-/outcome.md',
      ].sort(),
    );
    expect(entries.get('files/资料/笔记.md')).toEqual(bytes.notes);
    expect(entries.get('files/data.pdf')).toEqual(bytes.data);
    expect(entries.get('files/_con.txt')).toEqual(bytes.con);
    expect(entries.get('files/证明.pdf')).toEqual(bytes.proof);
    expect(entries.get('phases/1-建模_证明/outcome.md')?.toString('utf8')).toBe('## 终稿\n$x^2$');
    expect(entries.get('phases/1-建模_证明/证明.pdf')).toEqual(bytes.proof);
    expect(entries.get('phases/2-/outcome.md')?.toString('utf8')).toBe('二');
    // No entry climbs out of the zip's folder.
    for (const name of entries.keys()) expect(name.split('/').includes('..'), name).toBe(false);
  });

  it('who may download: owner, members (any preset) and admins; others 304; the link is checked again', async () => {
    const seen: Partial<Record<Who, number>> = {};
    for (const w of ORDER) {
      const token = w === 'signedOut' ? undefined : who[w].token;
      seen[w] = (await call(app(), 'POST', 'subject/download', { id: p.id }, { token, locale: 'en-US' })).status;
    }
    expect(seen).toEqual({
      signedOut: 305,
      nonMember: 304,
      otherOrg: 304,
      admin: 200,
      viewer: 200,
      member: 200,
      owner: 200,
    });
    // The other face does not know the project; an altered or re-aimed link is refused.
    expect((await post(app(), c.institute, 'direction/download', { id: p.id })).status).toBe(304);
    const link = ok(await post<DeliverablesLink>(app(), c.viewer, 'subject/download', { id: p.id }), 'download');
    expect((await fetchLink(app(), link.url.replace(/s=[^&]+$/, 's=AAAA'))).json()).toMatchObject({ status: 304 });
    expect((await fetchLink(app(), link.url.replace('/subject/', '/direction/'))).json()).toMatchObject({
      status: 304,
    });
    const admin = ok(await post<DeliverablesLink>(app(), c.admin, 'subject/download', { id: p.id }), 'admin');
    expect((await fetchLink(app(), admin.url)).statusCode).toBe(200);
    // A viewer who leaves loses the link they were given.
    ok(await post(app(), c.viewer, 'subject/leave', { id: p.id }), 'leave');
    expect((await fetchLink(app(), link.url)).json()).toMatchObject({ status: 304 });
  });

  it('a link is for one project and one user: re-aimed at another project or user it is refused', async () => {
    const other = await newProject(app(), c.institute, 'subject', { publish: true, form: { title: '别的课题' } });
    const link = ok(await post<DeliverablesLink>(app(), c.member, 'subject/download', { id: p.id }), 'download');
    expect((await fetchLink(app(), link.url)).statusCode).toBe(200);
    const elsewhere = link.url.replace(`id=${p.id}&`, `id=${other.id}&`);
    expect(elsewhere).not.toBe(link.url);
    expect((await fetchLink(app(), elsewhere)).json()).toMatchObject({ status: 304 });
    const asOwner = link.url.replace(/&u=\d+&/, `&u=${c.institute.id}&`);
    expect(asOwner).not.toBe(link.url);
    expect((await fetchLink(app(), asOwner)).json()).toMatchObject({ status: 304 });
  });

  it('every entry name stays one a Windows unzip accepts, however long the stored name', async () => {
    // A folder of 255 characters named like a device: '_' makes it 256, and the cut must not end on a space.
    const long = `con.${'a'.repeat(249)} b`;
    expect([...long].length).toBe(255);
    ok(await mkdir(app(), c.institute.token, long, { space_id: p.space_id! }), 'mkdir');
    const link = ok(await post<DeliverablesLink>(app(), c.member, 'subject/download', { id: p.id }), 'download');
    const entries = await unzip((await fetchLink(app(), link.url)).rawPayload);
    const segments = [...entries.keys()].flatMap((name) => name.split('/').filter(Boolean));
    expect(segments.find((s) => s.startsWith('_con.'))).toBeDefined();
    for (const segment of segments) {
      expect(segment, segment).not.toMatch(/[. ]$/);
      expect([...segment].length, segment).toBeLessThanOrEqual(255);
    }
  });

  it('a draft has no deliverables (409 for its owner, 304 for others); a direction downloads alike', async () => {
    const draft = await newProject(app(), c.institute, 'subject');
    expect((await post(app(), c.institute, 'subject/download', { id: draft.id })).status).toBe(409);
    expect((await post(app(), c.outsider, 'subject/download', { id: draft.id })).status).toBe(304);
    const direction = await newProject(app(), c.specialist, 'direction', { publish: true, form: { title: '方向' } });
    const link = ok(await post<DeliverablesLink>(app(), c.specialist, 'direction/download', { id: direction.id }), 'd');
    expect(link.name).toBe('方向.zip');
    const response = await fetchLink(app(), link.url);
    expect(response.statusCode).toBe(200);
    expect([...(await unzip(response.rawPayload)).keys()]).toEqual(['files/']);
  });
});

import { expect, it } from 'vitest';
import type { ProjectDetail, ProjectPage } from '@mathbridge/contracts/research';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import {
  daysFromNow,
  get,
  newProject,
  ok,
  post,
  projectForm,
  researchCast,
  type ResearchCast,
} from './research.fixtures.ts';

describeApi('research projects: save, publish, transitions (subject and direction)', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: ResearchCast;

  it('sets up the cast', async () => {
    c = await researchCast(t());
  });

  it('requires a session and a verified caller; validates with the shared rules', async () => {
    expect((await call(app(), 'GET', 'subject/list')).status).toBe(305);
    expect((await call(app(), 'POST', 'direction/save', projectForm())).status).toBe(305);
    const bad = await post<{ errors: { field: string }[] }>(app(), c.institute, 'subject/save', {
      ...projectForm(),
      title: '',
      headcount: 0,
      publish_range: 'group',
      msc_fields: ['zz'],
    });
    expect(bad.status).toBe(400);
    expect(bad.result.errors.map((e) => e.field).sort()).toEqual(
      expect.arrayContaining(['designees', 'headcount', 'msc_fields.0', 'title']),
    );
  });

  it('who may create what: institutes and specialists subjects, specialists directions; others 304', async () => {
    const inst = await newProject(app(), c.institute, 'subject');
    expect(inst).toMatchObject({
      kind: 'subject',
      status: 'draft',
      is_owner: true,
      owner: { org_id: c.institute.orgId },
    });
    expect(inst.space_id).toEqual(expect.any(Number));
    const custom = await newProject(app(), c.specialist, 'subject');
    expect(custom.owner).toMatchObject({ org_id: null, user_id: c.specialist.id, name: '王专家' });
    const direction = await newProject(app(), c.specialist, 'direction');
    expect(direction.kind).toBe('direction');
    expect((await post(app(), c.institute, 'direction/save', projectForm())).status).toBe(304);
    expect((await post(app(), c.student, 'direction/save', projectForm())).status).toBe(304);
    expect((await post(app(), c.student, 'subject/save', projectForm())).status).toBe(304);
    expect((await post(app(), c.admin, 'subject/save', projectForm())).status).toBe(304);
    // One engine, two faces: a subject is not found through direction/*.
    expect((await get(app(), c.specialist, `direction/detail/${custom.id}`)).status).toBe(404);
    expect((await post(app(), c.specialist, 'direction/commit', { id: custom.id })).status).toBe(404);
  });

  it('a direction may sit under a subject its owner belongs to, not under another', async () => {
    const subject = await newProject(app(), c.institute, 'subject', { publish: true });
    const refused = await post<{ errors: { field: string }[] }>(
      app(),
      c.specialist,
      'direction/save',
      projectForm({ parent_id: subject.id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.result.errors[0]?.field).toBe('parent_id');
    const applied = ok(
      await post<{ id: number }>(app(), c.specialist, 'subject/apply', { id: subject.id, note: '参与' }),
      'apply',
    );
    ok(await post(app(), c.institute, 'subject/approveJoin', { member_id: applied.id }), 'approve');
    const under = await newProject(app(), c.specialist, 'direction', { form: { parent_id: subject.id } });
    expect(under.parent_id).toBe(subject.id);
  });

  it('walks draft → published ⇄ paused → in_progress → concluded, each illegal move 409 and no change', async () => {
    const p = await newProject(app(), c.institute, 'subject');
    const move = (path: string) => post<ProjectDetail>(app(), c.institute, `subject/${path}`, { id: p.id });
    expect((await move('toggle')).status).toBe(409);
    expect((await move('start')).status).toBe(409);
    expect((await move('conclude')).status).toBe(409);
    expect((await post(app(), c.institute, 'subject/edit', projectForm({ id: p.id }))).status).toBe(409);
    expect((await move('commit')).result.status).toBe('published');
    expect((await move('commit')).status).toBe(409);
    expect((await post(app(), c.institute, 'subject/save', projectForm({ id: p.id }))).status).toBe(409);
    expect((await move('toggle')).result.status).toBe('paused');
    expect((await move('toggle')).result.status).toBe('published');
    const edited = ok(
      await post<ProjectDetail>(app(), c.institute, 'subject/edit', projectForm({ id: p.id, title: '新标题' })),
      'edit',
    );
    expect(edited).toMatchObject({ title: '新标题', status: 'published' });
    expect((await move('start')).result.status).toBe('in_progress');
    expect((await move('toggle')).status).toBe(409);
    expect((await move('start')).status).toBe(409);
    expect((await move('conclude')).result.status).toBe('concluded');
    for (const path of ['conclude', 'close', 'toggle', 'start', 'commit']) expect((await move(path)).status).toBe(409);
    expect((await post(app(), c.institute, 'subject/edit', projectForm({ id: p.id }))).status).toBe(409);
    const after = ok(await get<ProjectDetail>(app(), c.institute, `subject/detail/${p.id}`), 'detail');
    expect(after).toMatchObject({ status: 'concluded', title: '新标题' });
  });

  it('save with commit 1 publishes at once (submitted/1); drafts and paused projects close', async () => {
    const published = await newProject(app(), c.specialist, 'direction', { publish: true });
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();
    const draft = await newProject(app(), c.specialist, 'direction');
    expect((await post<ProjectDetail>(app(), c.specialist, 'direction/close', { id: draft.id })).result.status).toBe(
      'closed',
    );
    const saved = await post<ProjectDetail>(app(), c.specialist, 'direction/save', projectForm({ id: draft.id }));
    expect(saved.status).toBe(409);
  });

  it('edit keeps the headcount at or above the members already in', async () => {
    const p = await newProject(app(), c.institute, 'subject', { publish: true, form: { headcount: 2 } });
    const applied = ok(await post<{ id: number }>(app(), c.member, 'subject/apply', { id: p.id, note: '我' }), 'apply');
    ok(await post(app(), c.institute, 'subject/approveJoin', { member_id: applied.id }), 'approve');
    const applied2 = ok(
      await post<{ id: number }>(app(), c.viewer, 'subject/apply', { id: p.id, note: '我' }),
      'apply',
    );
    ok(await post(app(), c.institute, 'subject/approveJoin', { member_id: applied2.id }), 'approve');
    const below = await post(app(), c.institute, 'subject/edit', projectForm({ id: p.id, headcount: 1 }));
    expect(below.status).toBe(409);
    expect(ok(await get<ProjectDetail>(app(), c.institute, `subject/detail/${p.id}`), 'd').headcount).toBe(2);
  });

  it('lists own projects (an institute its organisation’s), joined ones, and admins all', async () => {
    const own = ok(await get<ProjectPage>(app(), c.institute, 'subject/list'), 'list');
    expect(own.total).toBeGreaterThan(0);
    expect(own.items.every((p) => p.owner.org_id === c.institute.orgId)).toBe(true);
    const other = ok(await get<ProjectPage>(app(), c.otherInstitute, 'subject/list'), 'list');
    expect(other.total).toBe(0);
    const joined = ok(await get<ProjectPage>(app(), c.member, 'subject/list', { scope: 'joined' }), 'joined');
    expect(joined.total).toBe(1);
    const all = ok(await get<ProjectPage>(app(), c.admin, 'subject/list'), 'admin');
    expect(all.total).toBeGreaterThanOrEqual(own.total + 1);
    const drafts = ok(await get<ProjectPage>(app(), c.institute, 'subject/list', { status: 'draft' }), 'drafts');
    expect(drafts.items.every((p) => p.status === 'draft')).toBe(true);
  });

  it('writes an audit row for every transition', async () => {
    const p = await newProject(app(), c.specialist, 'direction', {
      publish: true,
      form: { apply_deadline: daysFromNow(3) },
    });
    ok(await post(app(), c.specialist, 'direction/toggle', { id: p.id }), 'toggle');
    const logs = ok(
      await get<{ items: { action: string; target_id: string }[] }>(app(), c.admin, 'sys/getLogs', {
        action: 'research',
      }),
      'logs',
    );
    const mine = logs.items.filter((l) => l.target_id === String(p.id)).map((l) => l.action);
    expect(mine).toEqual(expect.arrayContaining(['research.create', 'research.commit', 'research.pause']));
  });
});

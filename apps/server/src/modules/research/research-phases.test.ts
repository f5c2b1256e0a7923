import { expect, it } from 'vitest';
import type { Page } from '@mathbridge/contracts/pagination';
import type { ProjectDetail, ResearchPhase } from '@mathbridge/contracts/research';
import type { FileNode } from '@mathbridge/contracts/files';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { call, describeApi, inParallel, settledValues, useTestApp } from '../../test/harness.ts';
import { pdf, upload } from '../files/files.fixtures.ts';
import {
  daysFromNow,
  get,
  joinWithPreset,
  newProject,
  ok,
  post,
  researchCast,
  type ResearchCast,
} from './research.fixtures.ts';

type Who = 'signedOut' | 'nonMember' | 'otherOrg' | 'admin' | 'viewer' | 'member' | 'manager' | 'owner';
const ORDER: Who[] = ['signedOut', 'nonMember', 'otherOrg', 'admin', 'viewer', 'member', 'manager', 'owner'];

describeApi('research phases: plan, submit outcome, review (history kept), permissions', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: ResearchCast;
  let p: ProjectDetail;
  let who: Record<Exclude<Who, 'signedOut'>, { token: string }>;

  async function matrix(
    method: 'GET' | 'POST',
    path: string,
    payload: Record<string, unknown>,
    expected: Partial<Record<Who, number>>,
  ) {
    const seen: Partial<Record<Who, number>> = {};
    for (const w of ORDER) {
      if (expected[w] === undefined) continue;
      const token = w === 'signedOut' ? undefined : who[w].token;
      seen[w] = (await call(app(), method, path, payload as never, { token, locale: 'en-US' })).status;
    }
    expect({ path, ...seen }).toEqual({ path, ...expected });
  }

  it('sets up a subject with a manager, a member and a viewer', async () => {
    c = await researchCast(t());
    p = await newProject(app(), c.institute, 'subject', { publish: true });
    for (const [preset, user] of [
      ['manager', c.manager],
      ['member', c.member],
      ['viewer', c.viewer],
    ] as const)
      await joinWithPreset(app(), c.institute, user, 'subject', p.id, preset);
    who = {
      owner: c.institute,
      manager: c.manager,
      member: c.member,
      viewer: c.viewer,
      nonMember: c.outsider,
      otherOrg: c.otherInstitute,
      admin: c.admin,
    };
  });

  it('plans phases (edit_plan): manager and owner yes, member/viewer/others 304; assignees must be members', async () => {
    const refused = { signedOut: 305, nonMember: 304, otherOrg: 304, admin: 304, viewer: 304, member: 304 };
    const form = { id: p.id, title: '建模', goal: '给出模型', due_date: daysFromNow(20), assignees: [c.member.id] };
    await matrix('POST', 'subject/savePhase', form, { ...refused, manager: 200, owner: 200 });
    const bad = await post<{ errors: { field: string }[] }>(app(), c.institute, 'subject/savePhase', {
      ...form,
      assignees: [c.outsider.id],
    });
    expect(bad.status).toBe(400);
    await matrix(
      'GET',
      `subject/phases`,
      { id: p.id },
      {
        signedOut: 305,
        nonMember: 304,
        otherOrg: 304,
        admin: 200,
        viewer: 200,
        member: 200,
        manager: 200,
        owner: 200,
      },
    );
    const first = ok(await get<ResearchPhase[]>(app(), c.member, 'subject/phases', { id: p.id }), 'phases')[0]!;
    // One phase (a to-do's target): as the phases list allows; 404 through the other face or unknown.
    await matrix(
      'GET',
      `subject/phase/${first.id}`,
      {},
      { signedOut: 305, nonMember: 304, otherOrg: 304, admin: 200, viewer: 200, member: 200, owner: 200 },
    );
    const one = ok(await get<ResearchPhase>(app(), c.viewer, `subject/phase/${first.id}`), 'phase');
    expect([one.id, one.project_id, one.title, one.outcomes]).toEqual([first.id, p.id, first.title, []]);
    expect((await get(app(), c.member, `subject/phase/${first.id + 1000}`)).status).toBe(404);
    expect((await get(app(), c.member, `direction/phase/${first.id}`)).status).toBe(404);
    const list = ok(await get<ResearchPhase[]>(app(), c.viewer, 'subject/phases', { id: p.id }), 'phases');
    expect(list.map((ph) => [ph.position, ph.status, ph.assignees])).toEqual([
      [1, 'planned', [c.member.id]],
      [2, 'planned', [c.member.id]],
    ]);
  });

  it('submit → revision requested (comment) → submit → accepted, history kept; illegal moves 409', async () => {
    const [phase] = ok(await get<ResearchPhase[]>(app(), c.institute, 'subject/phases', { id: p.id }), 'phases');
    const id = phase!.id;
    // Outcomes move only while the project is in progress.
    expect((await post(app(), c.member, 'subject/submitOutcome', { phase_id: id, content: '初稿' })).status).toBe(409);
    ok(await post(app(), c.institute, 'subject/start', { id: p.id }), 'start');
    // submit_outcome and being an assignee: the viewer lacks the permission, the manager is no assignee.
    expect((await post(app(), c.viewer, 'subject/submitOutcome', { phase_id: id, content: 'x' })).status).toBe(304);
    expect((await post(app(), c.manager, 'subject/submitOutcome', { phase_id: id, content: 'x' })).status).toBe(304);
    expect((await post(app(), c.outsider, 'subject/submitOutcome', { phase_id: id, content: 'x' })).status).toBe(304);
    expect((await post(app(), c.institute, 'subject/reviewOutcome', { phase_id: id, accept: 1 })).status).toBe(409);
    const submitted = ok(
      await post<ResearchPhase>(app(), c.member, 'subject/submitOutcome', { phase_id: id, content: '初稿' }),
      'submit',
    );
    expect(submitted.status).toBe('submitted');
    expect((await post(app(), c.member, 'subject/submitOutcome', { phase_id: id, content: '再交' })).status).toBe(409);
    const todos = ok(await get<Page<TodoItem>>(app(), c.institute, 'workflow/todoList'), 'todos');
    expect(todos.items.some((i) => i.kind === 'researchOutcomeReview' && i.target_id === id)).toBe(true);

    for (const user of [c.member, c.viewer, c.outsider, c.otherInstitute, c.admin])
      expect((await post(app(), user, 'subject/reviewOutcome', { phase_id: id, accept: 1 })).status).toBe(304);
    const noComment = await post(app(), c.manager, 'subject/reviewOutcome', { phase_id: id, accept: 0 });
    expect(noComment.status).toBe(400);
    const revise = ok(
      await post<ResearchPhase>(app(), c.manager, 'subject/reviewOutcome', {
        phase_id: id,
        accept: 0,
        comment: '补充证明',
      }),
      'revise',
    );
    expect(revise.status).toBe('revision_requested');
    const memberTodos = ok(await get<Page<TodoItem>>(app(), c.member, 'workflow/todoList'), 'todos');
    expect(memberTodos.items.some((i) => i.kind === 'researchOutcomeRevision' && i.target_id === id)).toBe(true);
    // Outcome attachments are files of the project's shared space, kept as a snapshot; others are 400.
    const own = await upload(app(), c.member.token, 'mine.pdf', pdf(300), {});
    const outside = await post(app(), c.member, 'subject/submitOutcome', {
      phase_id: id,
      content: '修订稿',
      attachments: [(own.result as FileNode).id],
    });
    expect(outside.status).toBe(400);
    const proof = await upload(app(), c.member.token, '证明.pdf', pdf(900), { space_id: p.space_id! });
    expect(proof.status).toBe(200);
    const resubmitted = ok(
      await post<ResearchPhase>(app(), c.member, 'subject/submitOutcome', {
        phase_id: id,
        content: '修订稿',
        attachments: [(proof.result as FileNode).id],
      }),
      'resubmit',
    );
    expect(resubmitted.outcomes.map((o) => o.attachments.map((a) => a.name))).toEqual([[], ['证明.pdf']]);
    const accepted = ok(
      await post<ResearchPhase>(app(), c.institute, 'subject/reviewOutcome', { phase_id: id, accept: 1 }),
      'accept',
    );
    expect(accepted.status).toBe('accepted');
    expect(accepted.outcomes.map((o) => [o.content, o.status, o.review_comment])).toEqual([
      ['初稿', 'revision_requested', '补充证明'],
      ['修订稿', 'accepted', null],
    ]);
    expect((await post(app(), c.institute, 'subject/reviewOutcome', { phase_id: id, accept: 1 })).status).toBe(409);
    expect((await post(app(), c.member, 'subject/submitOutcome', { phase_id: id, content: 'x' })).status).toBe(409);
    // A phase that is not planned any more cannot be edited; a phase is 404 through the other face.
    expect(
      (await post(app(), c.institute, 'subject/savePhase', { id: p.id, phase_id: id, title: '改', goal: 'g' })).status,
    ).toBe(409);
    expect((await post(app(), c.institute, 'direction/reviewOutcome', { phase_id: id, accept: 1 })).status).toBe(304);
    ok(await post(app(), c.institute, 'subject/conclude', { id: p.id }), 'conclude');
    expect((await post(app(), c.institute, 'subject/savePhase', { id: p.id, title: '新', goal: 'g' })).status).toBe(
      409,
    );
  });

  it('20 parallel submissions of one phase make one outcome; 20 parallel reviews of it decide once', async () => {
    const project = await newProject(app(), c.institute, 'subject', { publish: true });
    await joinWithPreset(app(), c.institute, c.member, 'subject', project.id, 'member');
    const phase = ok(
      await post<ResearchPhase>(app(), c.institute, 'subject/savePhase', {
        id: project.id,
        title: '并发',
        goal: '同时提交',
        assignees: [c.member.id],
      }),
      'savePhase',
    );
    ok(await post(app(), c.institute, 'subject/start', { id: project.id }), 'start');
    const submits = settledValues(
      await inParallel(20, (i) =>
        post(app(), c.member, 'subject/submitOutcome', { phase_id: phase.id, content: `稿 ${i}` }),
      ),
    );
    expect(submits.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const reviews = settledValues(
      await inParallel(20, (i) =>
        post(app(), c.institute, 'subject/reviewOutcome', {
          phase_id: phase.id,
          accept: i % 2,
          comment: i % 2 ? undefined : '再改',
        }),
      ),
    );
    expect(reviews.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const [after] = ok(await get<ResearchPhase[]>(app(), c.institute, 'subject/phases', { id: project.id }), 'phases');
    expect(after!.outcomes).toHaveLength(1);
    expect(after!.outcomes[0]!.status).toBe(after!.status === 'accepted' ? 'accepted' : 'revision_requested');
  });
});

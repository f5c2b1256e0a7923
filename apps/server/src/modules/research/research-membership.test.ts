import { expect, it } from 'vitest';
import type { FoundUser, PoolPage, ProjectDetail, ResearchMember } from '@mathbridge/contracts/research';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import type { Page } from '@mathbridge/contracts/pagination';
import { call, describeApi, inParallel, settledValues, useTestApp } from '../../test/harness.ts';
import { certifiedUser } from '../identity/identity.fixtures.ts';
import {
  detailOf,
  get,
  join,
  newProject,
  ok,
  post,
  projectForm,
  researchCast,
  type ResearchCast,
} from './research.fixtures.ts';

describeApi('research membership: apply, approve/refuse, invite, leave, remove, NDA, pools', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: ResearchCast;

  it('sets up the cast', async () => {
    c = await researchCast(t());
  });

  it('apply → to-do for the owner → approve gives member, preset and file grant; refuse needs a reason', async () => {
    const p = await newProject(app(), c.institute, 'subject', { publish: true });
    const applied = ok(
      await post<ResearchMember>(app(), c.member, 'subject/apply', { id: p.id, note: '我做过排产' }),
      'apply',
    );
    expect(applied).toMatchObject({ status: 'applied', note: '我做过排产', name: '孙成员' });
    expect((await post(app(), c.member, 'subject/apply', { id: p.id, note: '再来' })).status).toBe(409);
    const todos = ok(await get<Page<TodoItem>>(app(), c.institute, 'workflow/todoList'), 'todos');
    expect(todos.items.some((i) => i.kind === 'researchApply' && i.target_id === applied.id)).toBe(true);

    const approved = ok(
      await post<ResearchMember>(app(), c.institute, 'subject/approveJoin', { member_id: applied.id }),
      'approve',
    );
    expect(approved).toMatchObject({ status: 'member', permissions: ['upload_files', 'submit_outcome'] });
    expect((await post(app(), c.institute, 'subject/approveJoin', { member_id: applied.id })).status).toBe(409);
    expect((await post(app(), c.institute, 'subject/refuseJoin', { member_id: applied.id, reason: 'x' })).status).toBe(
      409,
    );
    const after = ok(await get<Page<TodoItem>>(app(), c.institute, 'workflow/todoList'), 'todos');
    expect(after.items.some((i) => i.target_id === applied.id && i.kind === 'researchApply')).toBe(false);
    const seen = ok(await detailOf(app(), c.member, 'subject', p.id), 'detail');
    expect(seen).toMatchObject({
      member_count: 1,
      space_id: p.space_id,
      my_permissions: ['upload_files', 'submit_outcome'],
    });
    // The file space: the member may write (upload_files); the grant follows the permissions.
    const spaces = ok(await get<{ items: { id: number; role: string }[] }>(app(), c.member, 'upload/spaces'), 'spaces');
    expect(spaces.items.find((s) => s.id === p.space_id)?.role).toBe('write');

    const other = ok(await post<ResearchMember>(app(), c.viewer, 'subject/apply', { id: p.id, note: 'n' }), 'apply');
    const noReason = await post<{ errors: { field: string }[] }>(app(), c.institute, 'subject/refuseJoin', {
      member_id: other.id,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.result.errors[0]?.field).toBe('reason');
    const refused = ok(
      await post<ResearchMember>(app(), c.institute, 'subject/refuseJoin', { member_id: other.id, reason: '方向不符' }),
      'refuse',
    );
    expect(refused).toMatchObject({ status: 'refused', reason: '方向不符' });
    const mine = ok(await detailOf(app(), c.viewer, 'subject', p.id), 'detail');
    expect(mine.my_membership).toMatchObject({ status: 'refused', reason: '方向不符' });
    // Refused may apply again (the open-membership index allows one open row).
    expect((await post(app(), c.viewer, 'subject/apply', { id: p.id, note: '再试' })).status).toBe(200);
  });

  it('memberProject: an application or invitation leads its to-do to the project (member, managers, admins)', async () => {
    const p = await newProject(app(), c.institute, 'subject', { publish: true });
    const applied = ok(await post<ResearchMember>(app(), c.member, 'subject/apply', { id: p.id, note: 'n' }), 'apply');
    const target = { kind: 'subject', project_id: p.id };
    for (const user of [c.member, c.institute, c.admin])
      expect(ok(await get(app(), user, 'research/memberProject', { member_id: applied.id }), 'memberProject')).toEqual(
        target,
      );
    expect((await get(app(), c.viewer, 'research/memberProject', { member_id: applied.id })).status).toBe(304);
    expect((await get(app(), c.member, 'research/memberProject', { member_id: 999_999 })).status).toBe(404);
  });

  it('leave and remove free the place and revoke the file grant; illegal ones are 409', async () => {
    const p = await newProject(app(), c.specialist, 'direction', { publish: true, form: { headcount: 2 } });
    const m1 = await join(app(), c.specialist, c.student, 'direction', p.id);
    const m2 = await join(app(), c.specialist, c.member, 'direction', p.id);
    expect((await post(app(), c.outsider, 'direction/apply', { id: p.id, note: 'n' })).status).toBe(409);
    ok(await post(app(), c.student, 'direction/leave', { id: p.id }), 'leave');
    expect((await post(app(), c.student, 'direction/leave', { id: p.id })).status).toBe(304);
    const removed = ok(await post<ResearchMember>(app(), c.specialist, 'direction/remove', { member_id: m2.id }), 'rm');
    expect(removed.status).toBe('removed');
    expect((await post(app(), c.specialist, 'direction/remove', { member_id: m2.id })).status).toBe(409);
    expect((await post(app(), c.specialist, 'direction/remove', { member_id: m1.id })).status).toBe(409);
    const d = ok(await detailOf(app(), c.specialist, 'direction', p.id), 'detail');
    expect(d.member_count).toBe(0);
    const spaces = ok(await get<{ items: { id: number }[] }>(app(), c.member, 'upload/spaces'), 'spaces');
    expect(spaces.items.some((s) => s.id === p.space_id)).toBe(false);
  });

  it('invite (group) → accept | decline; invitees get a to-do; non-joiners cannot be invited', async () => {
    const p = await newProject(app(), c.institute, 'subject', {
      publish: true,
      form: { publish_range: 'group', designees: [c.manager.id] },
    });
    expect((await post(app(), c.institute, 'subject/invite', { id: p.id, user_ids: [c.student.id] })).status).toBe(400);
    const invited = ok(
      await post<ResearchMember[]>(app(), c.institute, 'subject/invite', {
        id: p.id,
        user_ids: [c.member.id, c.viewer.id],
      }),
      'invite',
    );
    expect(invited.map((m) => m.status)).toEqual(['invited', 'invited']);
    expect((await post(app(), c.institute, 'subject/invite', { id: p.id, user_ids: [c.member.id] })).status).toBe(409);
    const todos = ok(await get<Page<TodoItem>>(app(), c.member, 'workflow/todoList'), 'todos');
    expect(todos.items.some((i) => i.kind === 'researchInvite')).toBe(true);
    // Invitees became designees: they see it in the pool.
    const pool = ok(await get<PoolPage>(app(), c.viewer, 'subject/pool'), 'pool');
    expect(pool.items.some((i) => i.id === p.id)).toBe(true);
    const accepted = ok(await post<ResearchMember>(app(), c.member, 'subject/acceptInvite', { id: p.id }), 'accept');
    expect(accepted.status).toBe('member');
    expect((await post(app(), c.member, 'subject/acceptInvite', { id: p.id })).status).toBe(409);
    const declined = ok(await post<ResearchMember>(app(), c.viewer, 'subject/declineInvite', { id: p.id }), 'decline');
    expect(declined.status).toBe('declined');
    expect((await post(app(), c.viewer, 'subject/acceptInvite', { id: p.id })).status).toBe(304);
    expect((await post(app(), c.outsider, 'subject/declineInvite', { id: p.id })).status).toBe(304);
  });

  it('confidential: joiners accept the NDA before they see the description', async () => {
    const p = await newProject(app(), c.institute, 'subject', { publish: true, form: { confidential: 1 } });
    const pooled = ok(await detailOf(app(), c.outsider, 'subject', p.id), 'detail');
    expect(pooled.description).toBeNull();
    expect(pooled.space_id).toBeNull();
    const noNda = await post<{ errors: { field: string }[] }>(app(), c.outsider, 'subject/apply', {
      id: p.id,
      note: 'n',
    });
    expect(noNda.status).toBe(400);
    expect(noNda.result.errors[0]?.field).toBe('accept_nda');
    ok(await post(app(), c.outsider, 'subject/apply', { id: p.id, note: 'n', accept_nda: 1 }), 'apply');
    const after = ok(await detailOf(app(), c.outsider, 'subject', p.id), 'detail');
    expect(after.description).toContain('目标');
    expect(after.my_membership?.nda_accepted_at).not.toBeNull();
    const owner = ok(await detailOf(app(), c.institute, 'subject', p.id), 'detail');
    expect(owner.description).toContain('目标');
  });

  it('pools: recruiting only, group range names its designees, filters, recommended, keyset pages', async () => {
    const fresh = await certifiedUser(app(), c.admin, 'ResearchInstitute', { name: '杭州池测试研究院' });
    const made: ProjectDetail[] = [];
    for (let i = 0; i < 5; i += 1)
      made.push(
        await newProject(app(), fresh, 'subject', {
          publish: true,
          form: { title: `池课题${i}`, msc_fields: i % 2 ? ['11'] : ['90'] },
        }),
      );
    const group = await newProject(app(), fresh, 'subject', {
      publish: true,
      form: { title: '池课题指定', publish_range: 'group', designees: [c.manager.id] },
    });
    const draft = await newProject(app(), fresh, 'subject', { form: { title: '池课题草稿' } });
    ok(await post(app(), fresh, 'subject/toggle', { id: made[4]!.id }), 'pause');

    const page = (user: { token: string }, query: Record<string, unknown> = {}) =>
      get<PoolPage>(app(), user, 'subject/pool', { owner: '池测试', ...query });
    const seenBy = async (user: { token: string }, query: Record<string, unknown> = {}) =>
      ok(await page(user, query), 'pool').items.map((i) => i.id);
    const outsiderSees = await seenBy(c.outsider);
    expect(outsiderSees).toEqual([made[3]!.id, made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(outsiderSees).not.toContain(group.id);
    expect(outsiderSees).not.toContain(draft.id);
    expect(await seenBy(c.manager)).toContain(group.id);
    expect((await detailOf(app(), c.outsider, 'subject', group.id)).status).toBe(304);
    expect((await detailOf(app(), c.manager, 'subject', group.id)).status).toBe(200);
    expect((await detailOf(app(), c.outsider, 'subject', draft.id)).status).toBe(304);
    // Filters: MSC, keyword, owner; recommended by the viewer's fields (outsider: 11).
    expect(await seenBy(c.outsider, { msc: '11' })).toEqual([made[3]!.id, made[1]!.id]);
    expect(await seenBy(c.outsider, { keyword: '课题2' })).toEqual([made[2]!.id]);
    expect(await seenBy(c.outsider, { owner: '没有这个' })).toEqual([]);
    const rec = ok(await page(c.outsider, { recommended: 1 }), 'rec');
    expect(rec.items.map((i) => i.id)).toEqual([made[3]!.id, made[1]!.id]);
    expect(rec.items.every((i) => i.recommended)).toBe(true);
    // Keyset: two pages of two, then the end.
    const first = ok(await page(c.outsider, { page_size: 2 }), 'p1');
    expect(first.items.map((i) => i.id)).toEqual([made[3]!.id, made[2]!.id]);
    const second = ok(await page(c.outsider, { page_size: 2, cursor: first.next_cursor }), 'p2');
    expect(second.items.map((i) => i.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect(second.next_cursor).toBeNull();
    expect((await page(c.outsider, { cursor: 'not-ours!' })).status).toBe(400);
    // Who may browse: specialists the subject pool, specialists and students the direction pool.
    expect((await page(c.institute)).status).toBe(304);
    expect((await page(c.student)).status).toBe(304);
    expect((await get(app(), c.student, 'direction/pool')).status).toBe(200);
    expect((await call(app(), 'GET', 'subject/pool')).status).toBe(305);
    // The owner's own projects are not in their pool.
    expect(
      (await get<PoolPage>(app(), c.specialist, 'direction/pool')).result.items.every(
        (i) => i.owner.user_id !== c.specialist.id,
      ),
    ).toBe(true);
  });

  it('a pool filtered by an MSC class still recommends by the viewer’s fields, page after page (subjects and directions)', async () => {
    const faces = [
      {
        kind: 'subject',
        ownerName: '苏州交集研究院',
        owner: await certifiedUser(app(), c.admin, 'ResearchInstitute', { name: '苏州交集研究院' }),
        viewer: await certifiedUser(app(), c.admin, 'Specialist', { truename: '陈交集', research_fields: ['11'] }),
      },
      {
        kind: 'direction',
        ownerName: '何交方',
        owner: await certifiedUser(app(), c.admin, 'Specialist', { truename: '何交方' }),
        viewer: await certifiedUser(app(), c.admin, 'Student', { truename: '林交集', research_fields: ['11'] }),
      },
    ] as const;
    // In class 35 and sharing the viewer's 11 | in 35 only | the viewer's 11 but not 35.
    const fieldsOf = [['35', '11'], ['35'], ['11', '90']] as const;
    for (const face of faces) {
      const made: { id: number; pattern: number }[] = [];
      for (let i = 0; i < 10; i += 1) {
        const project = await newProject(app(), face.owner, face.kind, {
          publish: true,
          form: { title: `交集${face.kind}${i}`, msc_fields: [...fieldsOf[i % 3]!] },
        });
        made.push({ id: project.id, pattern: i % 3 });
      }
      const newestFirst = (patterns: number[]) =>
        made
          .filter((p) => patterns.includes(p.pattern))
          .map((p) => p.id)
          .reverse();
      const page = async (query: Record<string, unknown>) =>
        ok(await get<PoolPage>(app(), face.viewer, `${face.kind}/pool`, { owner: face.ownerName, ...query }), 'pool');

      // Each filter alone: the class, and the viewer's fields (each item says whether it is recommended).
      const inClass = await page({ msc: '35' });
      expect(inClass.items.map((i) => i.id)).toEqual(newestFirst([0, 1]));
      expect(inClass.items.filter((i) => i.recommended).map((i) => i.id)).toEqual(newestFirst([0]));
      expect((await page({ recommended: 1 })).items.map((i) => i.id)).toEqual(newestFirst([0, 2]));

      // Both: recommended for me, in this class.
      const both = await page({ msc: '35', recommended: 1 });
      expect(both.items.map((i) => i.id)).toEqual(newestFirst([0]));
      expect(both.items.every((i) => i.recommended)).toBe(true);

      // Keyset pages with both: every match once, in order, whatever the page size.
      for (const pageSize of [1, 2, 3]) {
        const seen: number[] = [];
        let cursor: string | null = null;
        for (let n = 0; n < 10; n += 1) {
          const next: PoolPage = await page({
            msc: '35',
            recommended: 1,
            page_size: pageSize,
            ...(cursor ? { cursor } : {}),
          });
          expect(next.items.length).toBeLessThanOrEqual(pageSize);
          seen.push(...next.items.map((i) => i.id));
          cursor = next.next_cursor;
          if (!cursor) break;
        }
        expect(cursor).toBeNull();
        expect(seen).toEqual(newestFirst([0]));
      }
    }
  });

  it('group directions: only the designated students see and join them; designees must be eligible', async () => {
    const otherStudent = await certifiedUser(app(), c.admin, 'Student', { truename: '冯同学' });
    const bad = await post<{ errors: { field: string }[] }>(
      app(),
      c.specialist,
      'direction/save',
      projectForm({ publish_range: 'group', designees: [c.institute.id] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.result.errors[0]?.field).toBe('designees');
    const d = await newProject(app(), c.specialist, 'direction', {
      publish: true,
      form: { title: '指定方向', publish_range: 'group', designees: [c.student.id] },
    });
    const sees = async (user: { token: string }) =>
      ok(await get<PoolPage>(app(), user, 'direction/pool'), 'pool').items.some((i) => i.id === d.id);
    expect(await sees(c.student)).toBe(true);
    expect(await sees(otherStudent)).toBe(false);
    expect((await detailOf(app(), otherStudent, 'direction', d.id)).status).toBe(304);
    expect((await post(app(), otherStudent, 'direction/apply', { id: d.id, note: 'n' })).status).toBe(304);
    expect((await post(app(), c.student, 'direction/apply', { id: d.id, note: 'n' })).status).toBe(200);
  });

  it('searchUsers finds certified specialists (subjects) resp. students (directions) by name or phone', async () => {
    const found = ok(await get<FoundUser[]>(app(), c.institute, 'subject/searchUsers', { keyword: '钱管' }), 'search');
    expect(found.map((u) => u.id)).toEqual([c.manager.id]);
    expect(found[0]!.phone).toContain('*');
    const byPhone = ok(
      await get<FoundUser[]>(app(), c.specialist, 'direction/searchUsers', { keyword: c.student.phone.slice(0, 11) }),
      'search',
    );
    expect(byPhone.map((u) => u.id)).toEqual([c.student.id]);
    expect(ok(await get<FoundUser[]>(app(), c.specialist, 'direction/searchUsers', { keyword: '钱管' }), 's')).toEqual(
      [],
    );
    expect((await get(app(), c.student, 'direction/searchUsers', { keyword: '钱' })).status).toBe(304);
  });

  it('closing a project refuses open applications and withdraws invitations, cancelling their to-dos', async () => {
    const p = await newProject(app(), c.specialist, 'direction', { publish: true });
    const a = ok(await post<ResearchMember>(app(), c.student, 'direction/apply', { id: p.id, note: 'n' }), 'apply');
    const [inv] = ok(
      await post<ResearchMember[]>(app(), c.specialist, 'direction/invite', { id: p.id, user_ids: [c.viewer.id] }),
      'invite',
    );
    const openTodos = async (user: { token: string }) =>
      ok(await get<Page<TodoItem>>(app(), user, 'workflow/todoList'), 'todos').items.map((i) => [i.kind, i.target_id]);
    expect(await openTodos(c.specialist)).toContainEqual(['researchApply', a.id]);
    expect(await openTodos(c.viewer)).toContainEqual(['researchInvite', inv!.id]);
    ok(await post(app(), c.specialist, 'direction/close', { id: p.id }), 'close');
    const d = ok(await detailOf(app(), c.specialist, 'direction', p.id), 'detail');
    expect(d.members.find((m) => m.id === a.id)?.status).toBe('refused');
    expect(d.members.find((m) => m.id === a.id)?.reason).toBe('project closed');
    expect(d.members.find((m) => m.id === inv!.id)).toMatchObject({ status: 'declined', reason: null });
    expect(await openTodos(c.specialist)).not.toContainEqual(['researchApply', a.id]);
    expect(await openTodos(c.viewer)).not.toContainEqual(['researchInvite', inv!.id]);
    expect((await post(app(), c.specialist, 'direction/approveJoin', { member_id: a.id })).status).toBe(409);
    expect((await post(app(), c.student, 'direction/apply', { id: p.id, note: 'n' })).status).toBe(304);
  });

  it('parallel approvals never pass the headcount (30 applicants, headcount 3)', async () => {
    const p = await newProject(app(), c.institute, 'subject', { publish: true, form: { headcount: 3 } });
    const applicants: { token: string }[] = [];
    for (let i = 0; i < 30; i += 1) applicants.push(await certifiedUser(app(), c.admin, 'Specialist'));
    const memberships = settledValues(
      await inParallel(30, (i) =>
        post<ResearchMember>(app(), applicants[i]!, 'subject/apply', { id: p.id, note: `n${i}` }),
      ),
    ).map((r) => ok(r, 'apply'));
    const replies = settledValues(
      await inParallel(30, (i) => post(app(), c.institute, 'subject/approveJoin', { member_id: memberships[i]!.id })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(27);
    const d = ok(await detailOf(app(), c.institute, 'subject', p.id), 'detail');
    expect(d.member_count).toBe(3);
    expect(d.members.filter((m) => m.status === 'member')).toHaveLength(3);
    expect(d.members.filter((m) => m.status === 'applied')).toHaveLength(27);
  });

  it('approvals racing a close: no 500, nobody joins a closed project, the count matches the members', async () => {
    const p = await newProject(app(), c.institute, 'subject', { publish: true, form: { headcount: 20 } });
    const applicants: { token: string }[] = [];
    for (let i = 0; i < 12; i += 1) applicants.push(await certifiedUser(app(), c.admin, 'Specialist'));
    const memberships = settledValues(
      await inParallel(12, (i) =>
        post<ResearchMember>(app(), applicants[i]!, 'subject/apply', { id: p.id, note: 'n' }),
      ),
    ).map((r) => ok(r, 'apply'));
    const replies = settledValues(
      await inParallel(13, (i) =>
        i === 6
          ? post(app(), c.institute, 'subject/close', { id: p.id })
          : post(app(), c.institute, 'subject/approveJoin', { member_id: memberships[i < 6 ? i : i - 1]!.id }),
      ),
    );
    expect(replies.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    const d = ok(await detailOf(app(), c.institute, 'subject', p.id), 'detail');
    expect(d.status).toBe('closed');
    const members = d.members.filter((m) => m.status === 'member');
    expect(d.member_count).toBe(members.length);
    // Every approval that answered 200 made a member; every other applicant was refused by the close.
    expect(members).toHaveLength(replies.filter((r, i) => i !== 6 && r.status === 200).length);
    expect(d.members.filter((m) => m.status === 'applied')).toEqual([]);
  });
});

import { expect, it } from 'vitest';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import type { ProjectDetail, ProjectSummary, ResearchMember } from '@mathbridge/contracts/research';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { newDemand, newSolution, type Cast, type OrgUser } from '../demands/demands.fixtures.ts';
import { certifiedUser } from '../identity/identity.fixtures.ts';
import {
  detailOf,
  get,
  newProject,
  ok,
  post,
  projectForm,
  researchCast,
  type ResearchCast,
} from './research.fixtures.ts';

type Who = 'signedOut' | 'nonMember' | 'otherOrg' | 'admin' | 'viewer' | 'member' | 'manager' | 'owner';
/** Refused callers first, so the permitted ones act last and the refusals can be shown to change nothing. */
const ORDER: Who[] = ['signedOut', 'nonMember', 'otherOrg', 'admin', 'viewer', 'member', 'manager', 'owner'];

describeApi(
  'research permission matrix (owner, manager, member, viewer, non-member, other org, admin, signed-out)',
  () => {
    const t = useTestApp();
    const app = () => t().app;
    let c: ResearchCast;
    let p: ProjectDetail;
    let who: Record<Exclude<Who, 'signedOut'>, { token: string }>;
    const memberships: Record<string, ResearchMember> = {};
    let applicants: OrgUser[];

    const snapshot = async () => {
      const d = ok(await detailOf(app(), c.institute, 'subject', p.id), 'detail');
      return {
        status: d.status,
        title: d.title,
        count: d.member_count,
        members: d.members.map((m) => [m.id, m.status, m.permissions]),
      };
    };

    async function matrix(
      method: 'GET' | 'POST',
      path: string,
      payload: Record<string, unknown>,
      expected: Partial<Record<Who, number>>,
    ) {
      const before = await snapshot();
      const seen: Partial<Record<Who, number>> = {};
      for (const w of ORDER) {
        if (expected[w] === undefined) continue;
        if (method === 'POST' && expected[w] === 200) expect(await snapshot()).toEqual(before);
        const token = w === 'signedOut' ? undefined : who[w].token;
        seen[w] = (await call(app(), method, path, payload as never, { token, locale: 'en-US' })).status;
      }
      expect({ path, ...seen }).toEqual({ path, ...expected });
    }

    it('sets up a group subject with a manager, a member, a viewer and applicants', async () => {
      c = await researchCast(t());
      applicants = [];
      for (let i = 0; i < 3; i += 1) applicants.push(await certifiedUser(app(), c.admin, 'Specialist'));
      const [a0, a1, a2] = applicants;
      p = await newProject(app(), c.institute, 'subject', {
        publish: true,
        form: { publish_range: 'group', designees: [c.manager.id, c.member.id, c.viewer.id, a0!.id, a1!.id] },
      });
      ok(
        await post(app(), c.institute, 'subject/invite', {
          id: p.id,
          user_ids: [c.manager.id, c.member.id, c.viewer.id],
        }),
        'inv',
      );
      for (const [name, user] of [
        ['manager', c.manager],
        ['member', c.member],
        ['viewer', c.viewer],
      ] as const) {
        memberships[name] = ok(await post<ResearchMember>(app(), user, 'subject/acceptInvite', { id: p.id }), 'accept');
        ok(
          await post(app(), c.institute, 'subject/permissions', { member_id: memberships[name]!.id, preset: name }),
          'perm',
        );
      }
      memberships.a0 = ok(await post<ResearchMember>(app(), a0!, 'subject/apply', { id: p.id, note: 'a0' }), 'a0');
      memberships.a1 = ok(await post<ResearchMember>(app(), a1!, 'subject/apply', { id: p.id, note: 'a1' }), 'a1');
      who = {
        owner: c.institute,
        manager: c.manager,
        member: c.member,
        viewer: c.viewer,
        nonMember: c.outsider,
        otherOrg: c.otherInstitute,
        admin: c.admin,
      };
      void a2;
      const d = ok(await detailOf(app(), c.manager, 'subject', p.id), 'detail');
      expect(d.my_permissions).toEqual([
        'edit_plan',
        'upload_files',
        'submit_outcome',
        'review_outcome',
        'manage_members',
      ]);
      expect(ok(await detailOf(app(), c.viewer, 'subject', p.id), 'd').my_permissions).toEqual([]);
    });

    it('detail: the owner, members and admins read; others 304; the file space only for owner and members', async () => {
      await matrix(
        'GET',
        `subject/detail/${p.id}`,
        {},
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
      const admin = ok(await detailOf(app(), c.admin, 'subject', p.id), 'admin');
      expect(admin.space_id).toBeNull();
      expect(admin.members.length).toBeGreaterThanOrEqual(5);
      const member = ok(await detailOf(app(), c.member, 'subject', p.id), 'member');
      expect(member.members.every((m) => m.status === 'member')).toBe(true);
      expect(member.designees).toEqual([]);
    });

    it('owner-only calls: edit, toggle, permissions, start, close, conclude, commit', async () => {
      const refused = {
        signedOut: 305,
        nonMember: 304,
        otherOrg: 304,
        admin: 304,
        viewer: 304,
        member: 304,
        manager: 304,
      };
      await matrix(
        'POST',
        'subject/edit',
        projectForm({ id: p.id, publish_range: 'group', designees: [c.manager.id] }),
        {
          ...refused,
          owner: 200,
        },
      );
      await matrix('POST', 'subject/toggle', { id: p.id }, { ...refused, owner: 200 });
      ok(await post(app(), c.institute, 'subject/toggle', { id: p.id }), 'toggle back');
      await matrix(
        'POST',
        'subject/permissions',
        { member_id: memberships.viewer!.id, preset: 'viewer' },
        {
          ...refused,
          owner: 200,
        },
      );
      for (const path of ['start', 'close', 'conclude']) await matrix('POST', `subject/${path}`, { id: p.id }, refused);
      await matrix('POST', 'subject/commit', { id: p.id }, { ...refused, owner: 409 });
    });

    it('manage_members calls: approveJoin, refuseJoin, invite, remove (manager yes, member/viewer no)', async () => {
      const refused = { signedOut: 305, nonMember: 304, otherOrg: 304, admin: 304, viewer: 304, member: 304 };
      await matrix(
        'POST',
        'subject/approveJoin',
        { member_id: memberships.a0!.id },
        { ...refused, manager: 200, owner: 409 },
      );
      await matrix(
        'POST',
        'subject/refuseJoin',
        { member_id: memberships.a1!.id, reason: '已满' },
        {
          ...refused,
          manager: 200,
          owner: 409,
        },
      );
      await matrix(
        'POST',
        'subject/invite',
        { id: p.id, user_ids: [applicants[2]!.id] },
        { ...refused, manager: 200, owner: 409 },
      );
      await matrix(
        'POST',
        'subject/remove',
        { member_id: memberships.a0!.id },
        { ...refused, manager: 200, owner: 409 },
      );
    });

    it('self-service calls: apply, acceptInvite, declineInvite, leave; searchUsers', async () => {
      const open = await newProject(app(), c.institute, 'subject', { publish: true });
      // apply: a non-member specialist may (once: then 409); institutes (the owner too) have no pool: 304.
      await matrix(
        'POST',
        'subject/apply',
        { id: open.id, note: 'n' },
        {
          signedOut: 305,
          otherOrg: 304,
          admin: 304,
          owner: 304,
          nonMember: 200,
        },
      );
      await matrix('POST', 'subject/apply', { id: open.id, note: 'n' }, { nonMember: 409 });
      // Invitation answers and leaving act on the caller's own membership: without one, 304.
      for (const path of ['acceptInvite', 'declineInvite', 'leave'])
        await matrix(
          'POST',
          `subject/${path}`,
          { id: p.id },
          { signedOut: 305, otherOrg: 304, admin: 304, nonMember: 304 },
        );
      await matrix('POST', 'subject/acceptInvite', { id: p.id }, { member: 409 });
      await matrix('POST', 'subject/leave', { id: p.id }, { viewer: 200 });
      await matrix('POST', 'subject/leave', { id: p.id }, { viewer: 304 });
      await matrix(
        'GET',
        'subject/searchUsers',
        { keyword: '孙' },
        {
          signedOut: 305,
          nonMember: 200,
          otherOrg: 200,
          admin: 200,
          owner: 200,
        },
      );
      expect((await get(app(), c.student, 'subject/searchUsers', { keyword: '孙' })).status).toBe(304);
    });

    it('lists and pools: each sees their own; signed-out 305; other roles 304', async () => {
      await matrix(
        'GET',
        'subject/list',
        {},
        { signedOut: 305, nonMember: 200, otherOrg: 200, admin: 200, member: 200 },
      );
      await matrix(
        'GET',
        'subject/pool',
        {},
        { signedOut: 305, nonMember: 200, otherOrg: 304, admin: 200, member: 200 },
      );
      await matrix('GET', 'direction/list', {}, { signedOut: 305, otherOrg: 304, member: 200 });
    });
  },
);

describeApi('research: a subject started from an accepted solution (demand → solution → subject)', () => {
  const t = useTestApp();
  const app = () => t().app;

  it('the solution’s institute starts it (pre-filled, NDA inherited), the link shows both ways', async () => {
    const c = await researchCast(t());
    const enterprise = await certifiedUser(app(), c.admin, 'Enterprise');
    const cast = { admin: c.admin, enterprise } as unknown as Cast;
    const demand: DemandDetail = await newDemand(app(), cast, { publish: true, form: { nda_required: 1 } });
    const solution = await newSolution(app(), c.institute, demand.demand.id);
    const other = await newSolution(app(), c.otherInstitute, demand.demand.id);

    // Not accepted yet: 409; another institute's solution: 304.
    expect((await post(app(), c.institute, 'subject/fromSolution', { solution_id: solution.id })).status).toBe(409);
    ok(await post(app(), enterprise, 'solution/accept', { id: solution.id }), 'accept');
    expect((await post(app(), c.otherInstitute, 'subject/fromSolution', { solution_id: solution.id })).status).toBe(
      304,
    );
    expect((await post(app(), c.otherInstitute, 'subject/fromSolution', { solution_id: other.id })).status).toBe(409);
    expect((await post(app(), c.specialist, 'subject/fromSolution', { solution_id: solution.id })).status).toBe(304);
    expect((await post(app(), c.institute, 'subject/fromSolution', { solution_id: 999999 })).status).toBe(404);

    const subject = ok(
      await post<ProjectDetail>(app(), c.institute, 'subject/fromSolution', { solution_id: solution.id }),
      'fromSolution',
    );
    expect(subject).toMatchObject({
      kind: 'subject',
      status: 'draft',
      title: '排产优化',
      msc_fields: ['90', '68'],
      solution_id: solution.id,
      demand_id: demand.demand.id,
      confidential: 1,
      owner: { org_id: c.institute.orgId },
    });
    // The NDA stays when the owner edits the draft and publishes it.
    const published = ok(
      await post<ProjectDetail>(
        app(),
        c.institute,
        'subject/save',
        projectForm({ id: subject.id, confidential: 0, commit: 1 }),
      ),
      'save',
    );
    expect(published).toMatchObject({ confidential: 1, status: 'published', solution_id: solution.id });
    expect(ok(await detailOf(app(), c.outsider, 'subject', subject.id), 'pool').description).toBeNull();

    // The other way: from the solution (institute) and from the demand's side (enterprise).
    for (const user of [c.institute, enterprise, c.admin]) {
      const linked = ok(
        await get<ProjectSummary[]>(app(), user, 'subject/ofSolution', { solution_id: solution.id }),
        'of',
      );
      expect(linked.map((s) => s.id)).toEqual([subject.id]);
    }
    for (const user of [c.otherInstitute, c.specialist])
      expect((await get(app(), user, 'subject/ofSolution', { solution_id: solution.id })).status).toBe(304);
  });
});

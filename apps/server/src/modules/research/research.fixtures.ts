import type { FastifyInstance } from 'fastify';
import type { ProjectDetail, ResearchMember } from '@mathbridge/contracts/research';
import type { TestApp } from '../../test/harness.ts';
import { daysFromNow, get, ok, post, type OrgUser } from '../demands/demands.fixtures.ts';
import { certifiedUser, signInAdmin, type TestUser } from '../identity/identity.fixtures.ts';

/** Test data and flows shared by the research tests (not a test file itself). */

export interface ResearchCast {
  admin: TestUser;
  institute: OrgUser;
  otherInstitute: OrgUser;
  /** Certified specialists: an owner of custom subjects and directions, and three future members. */
  specialist: OrgUser;
  manager: OrgUser;
  member: OrgUser;
  viewer: OrgUser;
  outsider: OrgUser;
  student: OrgUser;
}

export async function researchCast(t: TestApp): Promise<ResearchCast> {
  const admin = await signInAdmin(t);
  const institute = await certifiedUser(t.app, admin, 'ResearchInstitute');
  const otherInstitute = await certifiedUser(t.app, admin, 'ResearchInstitute', { name: '南京数学研究中心' });
  const specialist = await certifiedUser(t.app, admin, 'Specialist', { truename: '王专家' });
  const manager = await certifiedUser(t.app, admin, 'Specialist', { truename: '钱管理', research_fields: ['90'] });
  const member = await certifiedUser(t.app, admin, 'Specialist', { truename: '孙成员' });
  const viewer = await certifiedUser(t.app, admin, 'Specialist', { truename: '周查看' });
  const outsider = await certifiedUser(t.app, admin, 'Specialist', { truename: '吴局外', research_fields: ['11'] });
  const student = await certifiedUser(t.app, admin, 'Student', { truename: '郑学生', research_fields: ['60'] });
  return { admin, institute, otherInstitute, specialist, manager, member, viewer, outsider, student };
}

export function projectForm(overrides: Record<string, unknown> = {}) {
  return {
    title: '排产算法研究',
    summary: '离散制造排产的多目标优化',
    description: '## 目标\n$\\min \\sum_i c_i x_i$',
    msc_fields: ['90', '68'],
    publish_range: 'public',
    headcount: 5,
    apply_deadline: daysFromNow(30),
    confidential: 0,
    ...overrides,
  };
}

type Kind = 'subject' | 'direction';

export async function newProject(
  app: FastifyInstance,
  owner: { token: string },
  kind: Kind,
  options: { publish?: boolean; form?: Record<string, unknown> } = {},
): Promise<ProjectDetail> {
  return ok(
    await post<ProjectDetail>(
      app,
      owner,
      `${kind}/save`,
      projectForm({ commit: options.publish ? 1 : 0, ...options.form }),
    ),
    `${kind}/save`,
  );
}

/** `user` applies and `owner` approves; the membership (status member). */
export async function join(
  app: FastifyInstance,
  owner: { token: string },
  user: { token: string },
  kind: Kind,
  projectId: number,
): Promise<ResearchMember> {
  const applied = ok(
    await post<ResearchMember>(app, user, `${kind}/apply`, { id: projectId, note: '想参与', accept_nda: 1 }),
    `${kind}/apply`,
  );
  return ok(await post<ResearchMember>(app, owner, `${kind}/approveJoin`, { member_id: applied.id }), 'approveJoin');
}

/** join, then `owner` gives the new member a permission preset. */
export async function joinWithPreset(
  app: FastifyInstance,
  owner: { token: string },
  user: { token: string },
  kind: Kind,
  projectId: number,
  preset: 'manager' | 'member' | 'viewer',
): Promise<ResearchMember> {
  const member = await join(app, owner, user, kind, projectId);
  ok(await post(app, owner, `${kind}/permissions`, { member_id: member.id, preset }), `${kind}/permissions`);
  return member;
}

export const detailOf = async (app: FastifyInstance, user: { token: string }, kind: Kind, id: number) =>
  get<ProjectDetail>(app, user, `${kind}/detail/${id}`);

export { daysFromNow, get, ok, post };

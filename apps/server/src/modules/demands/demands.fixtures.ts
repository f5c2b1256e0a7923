import type { FastifyInstance } from 'fastify';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import type { Solution } from '@mathbridge/contracts/solutions';
import { call, type TestApp } from '../../test/harness.ts';
import { certifiedUser, signInAdmin, type TestUser } from '../identity/identity.fixtures.ts';

/** Test data and flows shared by the demands, solutions and wishes tests (not a test file itself). */

export type OrgUser = TestUser & { orgId: number | null };

export interface Cast {
  admin: TestUser;
  enterprise: OrgUser;
  otherEnterprise: OrgUser;
  institute: OrgUser;
  otherInstitute: OrgUser;
  specialist: OrgUser;
}

/** An admin, two certified enterprises, two certified institutes (fields 90, 65 / 35) and a specialist. */
export async function cast(t: TestApp): Promise<Cast> {
  const admin = await signInAdmin(t);
  const enterprise = await certifiedUser(t.app, admin, 'Enterprise');
  const otherEnterprise = await certifiedUser(t.app, admin, 'Enterprise', { name: '上海另一家企业有限公司' });
  const institute = await certifiedUser(t.app, admin, 'ResearchInstitute');
  const otherInstitute = await certifiedUser(t.app, admin, 'ResearchInstitute', {
    name: '南京数学研究中心',
    research_fields: ['35'],
  });
  const specialist = await certifiedUser(t.app, admin, 'Specialist');
  return { admin, enterprise, otherEnterprise, institute, otherInstitute, specialist };
}

/** A calendar day `days` from now (UTC date; far enough from today that the zone does not matter). */
export const daysFromNow = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function demandForm(overrides: Record<string, unknown> = {}) {
  return {
    title: '排产优化',
    industry: 'C',
    summary: '离散制造排产，约 200 台设备',
    problem: '## 问题\n多目标排产，$\\min \\sum_i c_i x_i$',
    expected_outcome: '可部署的调度算法与报告',
    available_data: '两年的工单数据',
    budget_min: 100000,
    budget_max: 300000,
    deadline: daysFromNow(60),
    province_code: '3300',
    city_code: '3301',
    msc_fields: ['90', '68'],
    nda_required: 0,
    contact: '王经理',
    contact_phone: '13900001111',
    ...overrides,
  };
}

export const wishForm = (overrides: Record<string, unknown> = {}) => ({
  title: '长期合作',
  msc_fields: ['90', '62'],
  description: '寻找运筹优化方向的长期合作伙伴',
  partner_type: 'researchInstitute',
  duration: 'upTo1Year',
  contact: '王经理',
  contact_phone: '13900002222',
  ...overrides,
});

export const solutionForm = (demandId: number, overrides: Record<string, unknown> = {}) => ({
  demand_id: demandId,
  approach: '混合整数规划 + 列生成',
  team: '3 名研究员',
  timeline: '3 个月',
  cost_estimate: 200000,
  ...overrides,
});

export async function post<T = unknown>(
  app: FastifyInstance,
  user: { token: string },
  path: string,
  payload: Record<string, unknown> = {},
) {
  return call<T>(app, 'POST', path, payload as never, { token: user.token, locale: 'en-US' });
}

export async function get<T = unknown>(
  app: FastifyInstance,
  user: { token: string },
  path: string,
  payload: Record<string, unknown> = {},
) {
  return call<T>(app, 'GET', path, payload as never, { token: user.token, locale: 'en-US' });
}

function ok<T>(reply: { status: number; message: string; result: T }, what: string): T {
  if (reply.status !== 200)
    throw new Error(`${what}: ${reply.status} ${reply.message} ${JSON.stringify(reply.result)}`);
  return reply.result;
}

/** A demand created by `enterprise` and, with `publish`, approved by the admin. */
export async function newDemand(
  app: FastifyInstance,
  c: Cast,
  options: { publish?: boolean; form?: Record<string, unknown>; enterprise?: OrgUser } = {},
): Promise<DemandDetail> {
  const enterprise = options.enterprise ?? c.enterprise;
  const saved = ok(
    await post<DemandDetail>(
      app,
      enterprise,
      'demand/save',
      demandForm({ commit: options.publish ? 1 : 0, ...options.form }),
    ),
    'demand/save',
  );
  if (!options.publish) return saved;
  return ok(
    await post<DemandDetail>(app, c.admin, 'demand/review', { id: saved.demand.id, approve: 1 }),
    'demand/review',
  );
}

/** A submitted solution by `institute` (who receives the demand first). */
export async function newSolution(
  app: FastifyInstance,
  institute: OrgUser,
  demandId: number,
  overrides: Record<string, unknown> = {},
): Promise<Solution> {
  ok(await post(app, institute, 'demand/receive', { id: demandId, accept_nda: 1 }), 'demand/receive');
  return ok(
    await post<Solution>(app, institute, 'solution/save', { ...solutionForm(demandId), commit: 1, ...overrides }),
    'solution/save',
  );
}

export { ok };

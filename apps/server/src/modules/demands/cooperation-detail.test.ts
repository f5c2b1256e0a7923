import { beforeAll, expect, it } from 'vitest';
import type { CooperationDetail, PublishedPage, RecommendedPage } from '@mathbridge/contracts/demands';
import type { Page } from '@mathbridge/contracts/pagination';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { cast, get, newDemand, newSolution, ok, post, type Cast } from './demands.fixtures.ts';

describeApi('the cooperation detail and the market cards', () => {
  const t = useTestApp();
  let c: Cast;
  beforeAll(async () => {
    c = await cast(t());
  });
  const app = () => t().app;

  it('should require authentication', async () => {
    expect((await call(app(), 'GET', 'demand/cooperation/1', {})).status).toBe(305);
  });

  it('the cooperationStarted to-do points at a cooperation both parties and the admin open; others get 304', async () => {
    const demand = await newDemand(app(), c, { publish: true });
    const solution = await newSolution(app(), c.institute, demand.demand.id);
    ok(await post(app(), c.enterprise, 'solution/accept', { id: solution.id }), 'accept');

    const todo = async (user: { token: string }) =>
      ok(await get<Page<TodoItem>>(app(), user, 'workflow/todoList', { page_size: 100 }), 'todos').items.find(
        (item) => item.kind === 'cooperationStarted' && item.target_type === 'cooperation',
      );
    const entTodo = await todo(c.enterprise);
    const insTodo = await todo(c.institute);
    expect(entTodo?.target_id).toBeDefined();
    expect(insTodo?.target_id).toBe(entTodo?.target_id);
    const id = entTodo?.target_id ?? 0;

    const seen = async (user: { token: string }) =>
      ok(await get<CooperationDetail>(app(), user, `demand/cooperation/${id}`), 'cooperation');
    const expected = {
      id,
      demand_id: demand.demand.id,
      solution_id: solution.id,
      enterprise: { id: c.enterprise.orgId, name: demand.demand.org.name },
      institute: { id: c.institute.orgId, name: solution.institute.name },
    };
    expect(await seen(c.enterprise)).toMatchObject({ ...expected, viewer: 'enterprise' });
    expect(await seen(c.institute)).toMatchObject({ ...expected, viewer: 'institute' });
    expect(await seen(c.admin)).toMatchObject({ ...expected, viewer: 'admin' });
    for (const other of [c.otherEnterprise, c.otherInstitute])
      expect((await get(app(), other, `demand/cooperation/${id}`)).status).toBe(304);
    expect((await get(app(), c.specialist, `demand/cooperation/${id}`)).status).toBe(304);
    expect((await get(app(), c.enterprise, 'demand/cooperation/999999')).status).toBe(404);
  });

  it('market and recommended rows say whether the viewing institute received the demand', async () => {
    const received = await newDemand(app(), c, { publish: true, form: { title: '已接收需求' } });
    const notYet = await newDemand(app(), c, { publish: true, form: { title: '未接收需求' } });
    ok(await post(app(), c.institute, 'demand/receive', { id: received.demand.id, accept_nda: 1 }), 'receive');

    const flags = async (user: { token: string }, query: Record<string, unknown> = {}) => {
      const page = ok(await get<PublishedPage>(app(), user, 'demand/publishedList', query), 'market');
      return Object.fromEntries(page.items.map((d) => [d.id, d.received]));
    };
    for (const query of [{}, { industry: 'C' }, { keyword: '接收' }, { sort: 'deadline' }]) {
      const mine = await flags(c.institute, query);
      expect(mine[received.demand.id], JSON.stringify(query)).toBe(true);
      expect(mine[notYet.demand.id], JSON.stringify(query)).toBe(false);
      const other = await flags(c.otherInstitute, query);
      expect(other[received.demand.id], JSON.stringify(query)).toBe(false);
    }
    const recommended = ok(await get<RecommendedPage>(app(), c.institute, 'demand/recommended'), 'recommended');
    const rec = Object.fromEntries(recommended.items.map((d) => [d.id, d.received]));
    expect(rec[received.demand.id]).toBe(true);
    expect(rec[notYet.demand.id]).toBe(false);
  });
});

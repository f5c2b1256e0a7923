import { beforeAll, expect, it } from 'vitest';
import { SUB_STATIC_ROLES, type Statistics, type SubStatic } from '@mathbridge/contracts/content';
import type { Solution } from '@mathbridge/contracts/solutions';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { certifiedUser, newUser, submitFor } from '../identity/identity.fixtures.ts';
import { cast, demandForm, newDemand, newSolution, ok, post, type Cast } from '../demands/demands.fixtures.ts';
import { newJob } from '../jobs/jobs.fixtures.ts';
import { newProject } from '../research/research.fixtures.ts';

/** `index/statistics` and `index/getSubStatic` on a fresh database: every counter against the data made here. */
describeApi('portal statistics (issue 11)', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: Cast;
  const statistics = async () => (await call<Statistics>(app(), 'GET', 'index/statistics')).result;

  beforeAll(async () => {
    c = await cast(t());
  });

  it('an empty platform but for the cast: certified organisations and people only', async () => {
    const s = await statistics();
    expect(s).toMatchObject({
      enterprises: 2,
      institutes: 2,
      specialists: 1,
      students: 0,
      demands_published: 0,
      cooperations: 0,
      subjects: 0,
      directions: 0,
      jobs_open: 0,
      demands_by_industry: [],
    });
    expect(Date.parse(s.updated_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('every counter matches the data: certified only, public demands per industry, accepted solutions, published projects, open jobs', async () => {
    // People: a certified student counts; pending requests do not.
    await certifiedUser(app(), c.admin, 'Student');
    await submitFor(app(), await newUser(app()), 'Specialist');
    await submitFor(app(), await newUser(app()), 'Enterprise', { name: '待审核的企业有限公司' });
    // Demands: two published (one then paused) in C, one in I; a draft and a submitted one do not count.
    const d1 = await newDemand(app(), c, { publish: true });
    const d2 = await newDemand(app(), c, { publish: true });
    ok(await post(app(), c.enterprise, 'demand/toggle', { id: d2.demand.id }), 'toggle');
    await newDemand(app(), c, { publish: true, enterprise: c.otherEnterprise, form: { industry: 'I' } });
    await newDemand(app(), c);
    ok(await post(app(), c.enterprise, 'demand/save', demandForm({ commit: 1 })), 'submitted');
    // Cooperations: one accepted solution; a merely submitted one does not count.
    const accepted = await newSolution(app(), c.institute, d1.demand.id);
    ok(await post<Solution>(app(), c.enterprise, 'solution/accept', { id: accepted.id }), 'accept');
    await newSolution(app(), c.otherInstitute, d1.demand.id);
    // Research: a published subject and direction count, drafts do not.
    await newProject(app(), c.institute, 'subject', { publish: true });
    await newProject(app(), c.institute, 'subject');
    await newProject(app(), c.specialist, 'direction', { publish: true });
    await newProject(app(), c.specialist, 'direction');
    // Jobs: one published, one draft.
    await newJob(app(), c.enterprise);
    await newJob(app(), c.enterprise, { publish: false });

    const s = await statistics();
    expect(s).toMatchObject({
      enterprises: 2,
      institutes: 2,
      specialists: 1,
      students: 1,
      demands_published: 3,
      cooperations: 1,
      subjects: 1,
      directions: 1,
      jobs_open: 1,
      demands_by_industry: [
        { industry: 'C', count: 2 },
        { industry: 'I', count: 1 },
      ],
    });

    // Within the minute it is cached, a write to what it counts shows at once.
    ok(await post(app(), c.enterprise, 'demand/close', { id: d2.demand.id }), 'close');
    const after = await statistics();
    expect(after.demands_published).toBe(2);
    expect(after.demands_by_industry).toEqual([
      { industry: 'C', count: 1 },
      { industry: 'I', count: 1 },
    ]);
  });

  it('getSubStatic: each role page gets its counters, the same numbers as the statistics', async () => {
    const s = await statistics();
    for (const role of SUB_STATIC_ROLES) {
      const reply = await call<SubStatic>(app(), 'GET', 'index/getSubStatic', { role });
      expect(reply.status).toBe(200);
      expect(reply.result.role).toBe(role);
      expect(reply.result.numbers.length).toBeGreaterThan(2);
      for (const { key, value } of reply.result.numbers) expect([role, key, value]).toEqual([role, key, s[key]]);
    }
    const bad = await call(app(), 'GET', 'index/getSubStatic', { role: 'admin' }, { locale: 'en-US' });
    expect(bad.status).toBe(400);
    expect((await call(app(), 'GET', 'index/getSubStatic', {})).status).toBe(400);
  });
});

import { beforeAll, expect, it } from 'vitest';
import type { CheckStep } from '@mathbridge/contracts/content';
import type { SelectableRole } from '@mathbridge/contracts/roles';
import { describeApi, useTestApp } from '../../test/harness.ts';
import { approve, newUser, submitFor, type TestUser } from '../identity/identity.fixtures.ts';
import { cast, demandForm, get, newDemand, newSolution, ok, post, type Cast } from '../demands/demands.fixtures.ts';
import { newProject } from '../research/research.fixtures.ts';

/** `index/checkStep` (drives /firstmeet): account → identity → certification → the role's first action. */
describeApi('onboarding steps (issue 11)', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: Cast;
  let demandId: number;
  let subjectId: number;
  let directionId: number;

  beforeAll(async () => {
    c = await cast(t());
    demandId = (await newDemand(app(), c, { publish: true })).demand.id;
    subjectId = (await newProject(app(), c.institute, 'subject', { publish: true })).id;
    directionId = (await newProject(app(), c.specialist, 'direction', { publish: true })).id;
  });

  const steps = async (user: TestUser) => ok(await get<CheckStep>(app(), user, 'index/checkStep'), 'checkStep');
  const doneKeys = (s: CheckStep) => s.steps.filter((x) => x.done).map((x) => x.key);

  const FIRST: Record<SelectableRole, { action: (u: TestUser) => Promise<unknown>; key: string; path: string }> = {
    Enterprise: {
      key: 'demand',
      path: '/manage/demandManage/demandForm/0',
      action: async (u) => ok(await post(app(), u, 'demand/save', demandForm({ commit: 1 })), 'demand'),
    },
    ResearchInstitute: {
      key: 'solution',
      path: '/manage/demandManageRI/list',
      action: (u) => newSolution(app(), { ...u, orgId: null }, demandId),
    },
    Specialist: {
      key: 'join_subject',
      path: '/manage/subjectsPool/list',
      action: async (u) =>
        ok(await post(app(), u, 'subject/apply', { id: subjectId, note: '想参与', accept_nda: 1 }), 'subject/apply'),
    },
    Student: {
      key: 'join_direction',
      path: '/manage/directionsPool/list',
      action: async (u) =>
        ok(
          await post(app(), u, 'direction/apply', { id: directionId, note: '想参与', accept_nda: 1 }),
          'direction/apply',
        ),
    },
  };

  for (const role of Object.keys(FIRST) as SelectableRole[]) {
    it(`a new ${role} goes through every step, in order`, async () => {
      const user = await newUser(app());
      const fresh = await steps(user);
      expect(fresh).toMatchObject({ current: 'account', role: null, first_action: null });
      expect(fresh.steps.map((s) => s.key)).toEqual(['account', 'identity', 'certification', 'first_action']);
      expect(doneKeys(fresh)).toEqual([]);

      ok(await post(app(), user, 'user/roleSelect', { role }), 'roleSelect');
      const chosen = await steps(user);
      expect(chosen).toMatchObject({ current: 'certification', role });
      expect(doneKeys(chosen)).toEqual(['account', 'identity']);
      expect(chosen.first_action).toEqual({ key: FIRST[role].key, path: FIRST[role].path });

      const request = await submitFor(
        app(),
        user,
        role,
        role === 'Enterprise' ? { name: `${role}测试企业有限公司` } : {},
      );
      expect(await steps(user)).toMatchObject({ current: 'certification', verify_state: 0 });
      await approve(app(), c.admin, request.id);
      const certified = await steps(user);
      expect(certified).toMatchObject({ current: 'first_action', verify_state: 1 });
      expect(doneKeys(certified)).toEqual(['account', 'identity', 'certification']);

      await FIRST[role].action(user);
      const done = await steps(user);
      expect(done.current).toBeNull();
      expect(doneKeys(done)).toEqual(['account', 'identity', 'certification', 'first_action']);
    });
  }

  it('a saved draft demand is not yet the first action', async () => {
    const enterprise = c.otherEnterprise;
    ok(await post(app(), enterprise, 'demand/save', demandForm()), 'draft');
    expect((await steps(enterprise)).current).toBe('first_action');
  });
});

import { beforeAll, expect, it } from 'vitest';
import type { DemandDetail, DemandPage, DownloadLink } from '@mathbridge/contracts/demands';
import type { Solution, SolutionPage } from '@mathbridge/contracts/solutions';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import type { Page } from '@mathbridge/contracts/pagination';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { fetchLink, pdf, unzip, upload } from '../files/files.fixtures.ts';
import {
  cast,
  demandForm,
  get,
  newDemand,
  newSolution,
  ok,
  post,
  solutionForm,
  type Cast,
} from './demands.fixtures.ts';

describeApi('solutions', () => {
  const t = useTestApp();
  let c: Cast;
  beforeAll(async () => {
    c = await cast(t());
  });
  const app = () => t().app;
  const todos = async (user: { token: string }) =>
    ok(await get<Page<TodoItem>>(app(), user, 'workflow/todoList', { page_size: 100 }), 'todos').items;

  it('should require authentication, and only institutes write solutions', async () => {
    expect((await call(app(), 'GET', 'solution/list', {})).status).toBe(305);
    expect((await get(app(), c.specialist, 'solution/list')).status).toBe(304);
    expect((await get(app(), c.enterprise, 'solution/list')).status).toBe(304);
    expect((await post(app(), c.enterprise, 'solution/save', solutionForm(1))).status).toBe(304);
    expect((await post(app(), c.institute, 'solution/accept', { id: 1 })).status).toBe(304);
  });

  it('a new solution takes attachments in one pass: they wait in the author’s tray, which its first save adopts', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    ok(await post(app(), c.institute, 'demand/receive', { id: demand.id }), 'receive');
    const tray = ok(await post<{ space_id: number }>(app(), c.institute, 'solution/attachmentSpace'), 'tray');
    expect(ok(await post<{ space_id: number }>(app(), c.institute, 'solution/attachmentSpace'), 'again')).toEqual(tray);
    expect((await post(app(), c.enterprise, 'solution/attachmentSpace')).status).toBe(304);
    const foreign = await upload(app(), c.otherInstitute.token, 'x.pdf', pdf(100), {
      space_id: tray.space_id,
      profile: 'document',
    });
    expect(foreign.status).toBe(304);
    const file = await upload(app(), c.institute.token, '技术方案.pdf', pdf(1800), {
      space_id: tray.space_id,
      profile: 'document',
    });
    expect(file.status).toBe(200);
    const fileId = file.result?.id ?? 0;
    // Another institute's tray file cannot be named.
    const otherTray = ok(
      await post<{ space_id: number }>(app(), c.otherInstitute, 'solution/attachmentSpace'),
      'other',
    );
    const theirs = await upload(app(), c.otherInstitute.token, 'y.pdf', pdf(100), {
      space_id: otherTray.space_id,
      profile: 'document',
    });
    const refused = await post(app(), c.institute, 'solution/save', {
      ...solutionForm(demand.id),
      attachments: [theirs.result?.id],
    });
    expect(refused.status).toBe(400);

    const created = ok(
      await post<Solution>(app(), c.institute, 'solution/save', { ...solutionForm(demand.id), attachments: [fileId] }),
      'create',
    );
    expect(created.space_id).toBe(tray.space_id);
    expect(created.attachments).toEqual([expect.objectContaining({ id: fileId, name: '技术方案.pdf', size: 1800 })]);
    const next = ok(await post<{ space_id: number }>(app(), c.institute, 'solution/attachmentSpace'), 'next tray');
    expect(next.space_id).not.toBe(tray.space_id);
  });

  it('answers only a received, published demand; one open solution per institute', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    expect((await post(app(), c.institute, 'solution/save', solutionForm(demand.id))).status).toBe(409);
    ok(await post(app(), c.institute, 'demand/receive', { id: demand.id }), 'receive');
    const draft = ok(await post<Solution>(app(), c.institute, 'solution/save', solutionForm(demand.id)), 'save');
    expect(draft.status).toBe('draft');
    expect(draft.space_id).toBeGreaterThan(0);
    expect((await post(app(), c.institute, 'solution/save', solutionForm(demand.id))).status).toBe(409);
    // The enterprise never sees drafts.
    expect((await get(app(), c.enterprise, `solution/detail/${draft.id}`)).status).toBe(304);
    const listed = ok(await get<SolutionPage>(app(), c.enterprise, 'demand/solutions', { id: demand.id }), 'list');
    expect(listed.items).toEqual([]);
    const edited = ok(
      await post<Solution>(app(), c.institute, 'solution/save', {
        ...solutionForm(demand.id),
        id: draft.id,
        cost_estimate: 180000,
      }),
      'edit',
    );
    expect(edited.cost_estimate).toBe(180000);
    expect((await post(app(), c.otherInstitute, 'solution/submit', { id: draft.id })).status).toBe(304);
    expect((await get(app(), c.otherInstitute, `solution/detail/${draft.id}`)).status).toBe(304);

    ok(await post(app(), c.enterprise, 'demand/toggle', { id: demand.id }), 'pause');
    expect((await post(app(), c.institute, 'solution/submit', { id: draft.id })).status).toBe(409);
    ok(await post(app(), c.enterprise, 'demand/toggle', { id: demand.id }), 'resume');
    const submitted = ok(await post<Solution>(app(), c.institute, 'solution/submit', { id: draft.id }), 'submit');
    expect(submitted.status).toBe('submitted');
    expect(
      (await todos(c.enterprise)).some((item) => item.kind === 'solutionReview' && item.target_id === draft.id),
    ).toBe(true);

    const withdrawn = ok(await post<Solution>(app(), c.institute, 'solution/withdraw', { id: draft.id }), 'withdraw');
    expect(withdrawn.status).toBe('withdrawn');
    expect((await post(app(), c.institute, 'solution/withdraw', { id: draft.id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'solution/accept', { id: draft.id })).status).toBe(304);
    expect(
      (await todos(c.enterprise)).some((item) => item.kind === 'solutionReview' && item.target_id === draft.id),
    ).toBe(false);
    const mine = ok(await get<SolutionPage>(app(), c.institute, 'solution/list', { status: 'withdrawn' }), 'mine');
    expect(mine.items.map((s) => s.id)).toContain(draft.id);
    expect(mine.total).toBe(mine.counts?.withdrawn);
  });

  it("a demand's detail names the institute's own solution, and offers a new one only while none is open", async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    const detail = async (user: { token: string }) =>
      ok(await get<DemandDetail>(app(), user, `demand/detail/${demand.id}`), 'detail');
    expect(await detail(c.institute)).toMatchObject({ own_solution: null, can: { solve: false, receive: true } });
    ok(await post(app(), c.institute, 'demand/receive', { id: demand.id }), 'receive');
    expect(await detail(c.institute)).toMatchObject({ own_solution: null, can: { solve: true } });

    const draft = ok(await post<Solution>(app(), c.institute, 'solution/save', solutionForm(demand.id)), 'save');
    expect(await detail(c.institute)).toMatchObject({
      own_solution: { id: draft.id, status: 'draft' },
      can: { solve: false },
    });
    ok(await post(app(), c.institute, 'solution/submit', { id: draft.id }), 'submit');
    expect(await detail(c.institute)).toMatchObject({
      own_solution: { id: draft.id, status: 'submitted' },
      can: { solve: false },
    });
    // Another institute, the owner and the admin have none of their own.
    expect((await detail(c.enterprise)).own_solution).toBeNull();
    expect((await detail(c.admin)).own_solution).toBeNull();
    ok(await post(app(), c.otherInstitute, 'demand/receive', { id: demand.id }), 'other receives');
    expect(await detail(c.otherInstitute)).toMatchObject({ own_solution: null, can: { solve: true } });

    // Withdrawn, it stays the latest; a new answer may be written.
    ok(await post(app(), c.institute, 'solution/withdraw', { id: draft.id }), 'withdraw');
    expect(await detail(c.institute)).toMatchObject({
      own_solution: { id: draft.id, status: 'withdrawn' },
      can: { solve: true },
    });
    const again = ok(await post<Solution>(app(), c.institute, 'solution/save', solutionForm(demand.id)), 'again');
    expect((await detail(c.institute)).own_solution).toEqual({ id: again.id, status: 'draft' });
  });

  it('declines with a reason the institute sees; another enterprise cannot see or decide', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    const solution = await newSolution(app(), c.institute, demand.id);
    expect((await get(app(), c.otherEnterprise, `solution/detail/${solution.id}`)).status).toBe(304);
    expect((await get(app(), c.otherEnterprise, 'demand/solutions', { id: demand.id })).status).toBe(304);
    expect(
      (await post(app(), c.otherEnterprise, 'solution/decline', { id: solution.id, reason: 'budget' })).status,
    ).toBe(304);
    const noText = await post<{ errors: { field: string }[] }>(app(), c.enterprise, 'solution/decline', {
      id: solution.id,
      reason: 'other',
    });
    expect(noText.status).toBe(400);
    expect(noText.result.errors[0]?.field).toBe('reason_text');
    expect((await post(app(), c.enterprise, 'solution/decline', { id: solution.id })).status).toBe(400);
    const declined = ok(
      await post<Solution>(app(), c.enterprise, 'solution/decline', {
        id: solution.id,
        reason: 'budget',
        reason_text: '超出预算 20%',
      }),
      'decline',
    );
    expect(declined.status).toBe('declined');
    expect((await post(app(), c.enterprise, 'solution/accept', { id: solution.id })).status).toBe(409);
    expect(
      (await todos(c.institute)).some((item) => item.kind === 'solutionDeclined' && item.target_id === solution.id),
    ).toBe(true);
    const seen = ok(await get<Solution>(app(), c.institute, `solution/detail/${solution.id}`), 'detail');
    expect(seen).toMatchObject({ status: 'declined', decline_reason: 'budget', decline_text: '超出预算 20%' });
    expect(seen.can.acknowledge).toBe(true);
    expect(
      ok(await get<Solution>(app(), c.enterprise, `solution/detail/${solution.id}`), 'detail').can.acknowledge,
    ).toBe(false);
    // Reads never write: the detail leaves the to-do open; the page opening it says the answer is read.
    expect(
      (await todos(c.institute)).some((item) => item.kind === 'solutionDeclined' && item.target_id === solution.id),
    ).toBe(true);
    expect((await post(app(), c.otherInstitute, 'solution/markSeen', { id: solution.id })).status).toBe(304);
    expect((await post(app(), c.enterprise, 'solution/markSeen', { id: solution.id })).status).toBe(304);
    expect((await post(app(), c.institute, 'solution/markSeen', { id: 999_999 })).status).toBe(404);
    expect(
      (await todos(c.institute)).some((item) => item.kind === 'solutionDeclined' && item.target_id === solution.id),
    ).toBe(true);
    // Twenty at once (several tabs opening the answer): each answers, none fails on the close.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => post(app(), c.institute, 'solution/markSeen', { id: solution.id })),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(ok(await post(app(), c.institute, 'solution/markSeen', { id: solution.id }), 'markSeen')).toBeNull();
    // Reading the answer is acting on it.
    expect(
      (await todos(c.institute)).some((item) => item.kind === 'solutionDeclined' && item.target_id === solution.id),
    ).toBe(false);
  });

  it('accepting starts the cooperation with to-dos on both sides; completing declines the rest; the zip holds both sides', async () => {
    const saved = await newDemand(app(), c);
    const spaceId = saved.full?.space_id ?? 0;
    const brief = await upload(app(), c.enterprise.token, 'brief.pdf', pdf(1500), {
      space_id: spaceId,
      profile: 'document',
    });
    ok(
      await post(
        app(),
        c.enterprise,
        'demand/save',
        demandForm({ id: saved.demand.id, attachments: [brief.result?.id], commit: 1 }),
      ),
      'save',
    );
    ok(await post(app(), c.admin, 'demand/review', { id: saved.demand.id, approve: 1 }), 'approve');
    const id = saved.demand.id;

    ok(await post(app(), c.institute, 'demand/receive', { id }), 'receive');
    const draft = ok(await post<Solution>(app(), c.institute, 'solution/save', solutionForm(id)), 'draft');
    const plan = await upload(app(), c.institute.token, 'plan.pdf', pdf(1200), {
      space_id: draft.space_id ?? 0,
      profile: 'document',
    });
    expect(plan.status).toBe(200);
    const final = ok(
      await post<Solution>(app(), c.institute, 'solution/save', {
        ...solutionForm(id),
        id: draft.id,
        attachments: [plan.result?.id],
        commit: 1,
      }),
      'submit',
    );
    expect(final.attachments).toEqual([expect.objectContaining({ name: 'plan.pdf', size: 1200 })]);
    const loser = await newSolution(app(), c.otherInstitute, id);

    const compare = ok(await get<SolutionPage>(app(), c.enterprise, 'demand/solutions', { id }), 'compare');
    expect(compare.items.map((s) => s.id).sort()).toEqual([loser.id, final.id].sort());
    expect(compare.total).toBe(2);
    expect((await post(app(), c.enterprise, 'demand/complete', { id })).status).toBe(409);

    const accepted = ok(await post<Solution>(app(), c.enterprise, 'solution/accept', { id: final.id }), 'accept');
    expect(accepted.status).toBe('accepted');
    expect((await post(app(), c.enterprise, 'solution/accept', { id: loser.id })).status).toBe(409);
    const detail = ok(await get<DemandDetail>(app(), c.enterprise, `demand/detail/${id}`), 'detail');
    expect(detail.cooperation).toMatchObject({ solution_id: final.id, institute: { id: c.institute.orgId } });
    expect(
      (await todos(c.enterprise)).some(
        (item) => item.kind === 'cooperationStarted' && item.target_id === detail.cooperation?.id,
      ),
    ).toBe(true);
    expect(
      (await todos(c.institute)).some(
        (item) => item.kind === 'cooperationStarted' && item.target_id === detail.cooperation?.id,
      ),
    ).toBe(true);

    const before = ok(await get<DemandPage>(app(), c.enterprise, 'demand/list'), 'list').counts;
    const completed = ok(await post<DemandDetail>(app(), c.enterprise, 'demand/complete', { id }), 'complete');
    expect(completed.demand.status).toBe('completed');
    const after = ok(await get<DemandPage>(app(), c.enterprise, 'demand/list'), 'list').counts;
    expect(after.completed).toBe(before.completed + 1);
    expect(after.published).toBe(before.published - 1);
    const lost = ok(await get<Solution>(app(), c.otherInstitute, `solution/detail/${loser.id}`), 'loser');
    expect(lost).toMatchObject({ status: 'declined', decline_reason: 'demandCompleted' });

    for (const user of [c.enterprise, c.institute]) {
      const link = ok(await post<DownloadLink>(app(), user, 'demand/download', { id }), 'download');
      const response = await fetchLink(app(), link.url);
      expect(response.statusCode).toBe(200);
      const entries = await unzip(response.rawPayload);
      expect([...entries.keys()].sort()).toEqual(['brief.pdf', 'plan.pdf']);
    }
    // The other institute received the demand but is not part of the cooperation: demand files only.
    const partial = ok(await post<DownloadLink>(app(), c.otherInstitute, 'demand/download', { id }), 'download');
    expect([...(await unzip((await fetchLink(app(), partial.url)).rawPayload)).keys()]).toEqual(['brief.pdf']);
    expect((await post(app(), c.otherEnterprise, 'demand/download', { id })).status).toBe(304);
  });

  it('closing a demand declines every open answer with that reason', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    const a = await newSolution(app(), c.institute, demand.id);
    const b = await newSolution(app(), c.otherInstitute, demand.id);
    ok(await post(app(), c.enterprise, 'demand/close', { id: demand.id }), 'close');
    for (const [user, solution] of [
      [c.institute, a],
      [c.otherInstitute, b],
    ] as const) {
      const seen = ok(await get<Solution>(app(), user, `solution/detail/${solution.id}`), 'detail');
      expect(seen).toMatchObject({ status: 'declined', decline_reason: 'demandClosed' });
    }
    expect((await post(app(), c.institute, 'solution/save', solutionForm(demand.id))).status).toBe(409);
  });
});

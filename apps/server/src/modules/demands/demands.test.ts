import { beforeAll, expect, it } from 'vitest';
import type { DemandDetail, DemandPage, PublishedPage, RecommendedPage } from '@mathbridge/contracts/demands';
import type { SignedUrl } from '@mathbridge/contracts/files';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import type { Page } from '@mathbridge/contracts/pagination';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { pdf, upload } from '../files/files.fixtures.ts';
import { cast, daysFromNow, demandForm, get, newDemand, ok, post, type Cast } from './demands.fixtures.ts';

describeApi('demands', () => {
  const t = useTestApp();
  let c: Cast;
  beforeAll(async () => {
    c = await cast(t());
  });
  const app = () => t().app;

  /** A demand save naming a file uploaded outside its attachment space is refused on that field. */
  async function expectOutsideFileRefused(form: Record<string, unknown> = {}): Promise<void> {
    const outside = await upload(app(), c.enterprise.token, 'other.pdf', pdf(500), {});
    const wrong = await post<{ errors: { field: string }[] }>(
      app(),
      c.enterprise,
      'demand/save',
      demandForm({ ...form, attachments: [outside.result?.id] }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.result.errors[0]?.field).toBe('attachments');
  }

  it('should require authentication', async () => {
    for (const [method, path] of [
      ['GET', 'demand/list'],
      ['POST', 'demand/save'],
      ['GET', 'demand/publishedList'],
      ['GET', 'demand/detail/1'],
    ] as const) {
      const reply = await call(app(), method, path, {});
      expect(reply.status, path).toBe(305);
    }
  });

  it('a specialist cannot call demand calls, and each side only its own section (304)', async () => {
    expect((await get(app(), c.specialist, 'demand/list')).status).toBe(304);
    expect((await post(app(), c.specialist, 'demand/save', demandForm())).status).toBe(304);
    expect((await get(app(), c.specialist, 'demand/publishedList')).status).toBe(304);
    expect((await get(app(), c.specialist, 'demand/detail/1')).status).toBe(304);
    expect((await get(app(), c.enterprise, 'demand/publishedList')).status).toBe(304);
    expect((await post(app(), c.institute, 'demand/save', demandForm())).status).toBe(304);
    expect((await get(app(), c.institute, 'demand/list')).status).toBe(304);
  });

  it('validates the form with the shared rules: title length, integer budgets in order, a future deadline', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '这是一个超过十个汉字长度的需求标题' }, 'title'],
      [{ budget_min: 500, budget_max: 100 }, 'budget_max'],
      [{ budget_min: 100.5 }, 'budget_min'],
      [{ deadline: daysFromNow(-3) }, 'deadline'],
      [{ msc_fields: [] }, 'msc_fields'],
      [{ industry: 'ZZ' }, 'industry'],
      [{ province_code: '3300', city_code: '1101' }, 'city_code'],
    ];
    for (const [override, field] of cases) {
      const reply = await post<{ errors: { field: string }[] }>(
        app(),
        c.enterprise,
        'demand/save',
        demandForm(override),
      );
      expect(reply.status, field).toBe(400);
      expect(
        reply.result.errors.map((e) => e.field),
        field,
      ).toContain(field);
    }
  });

  it('saves a draft, keeps it private to its enterprise, and counts it by status', async () => {
    const before = ok(await get<DemandPage>(app(), c.enterprise, 'demand/list'), 'list');
    const saved = await newDemand(app(), c);
    expect(saved.demand.status).toBe('draft');
    expect(saved.full?.problem).toContain('$\\min');
    expect(saved.full?.space_id).toBeGreaterThan(0);
    expect(saved.can).toMatchObject({ edit: true, submit: true, toggle: false });
    const after = ok(await get<DemandPage>(app(), c.enterprise, 'demand/list', { status: 'draft' }), 'list');
    expect(after.counts.draft).toBe(before.counts.draft + 1);
    expect(after.total).toBe(after.counts.draft);
    expect(after.items[0]?.id).toBe(saved.demand.id);

    const id = saved.demand.id;
    expect((await get(app(), c.otherEnterprise, `demand/detail/${id}`)).status).toBe(304);
    expect((await post(app(), c.otherEnterprise, 'demand/save', demandForm({ id }))).status).toBe(304);
    expect((await post(app(), c.otherEnterprise, 'demand/submit', { id })).status).toBe(304);
    expect((await get(app(), c.institute, `demand/detail/${id}`)).status).toBe(304);
    const others = ok(await get<DemandPage>(app(), c.otherEnterprise, 'demand/list'), 'list');
    expect(others.items.map((d) => d.id)).not.toContain(id);
    expect((await get(app(), c.enterprise, 'demand/detail/999999')).status).toBe(404);
  });

  it('goes draft → submitted → rejected → draft → submitted → published, with to-dos and the audit trail', async () => {
    const { demand } = await newDemand(app(), c);
    const id = demand.id;
    expect((await post(app(), c.enterprise, 'demand/toggle', { id })).status).toBe(409);
    const submitted = ok(await post<DemandDetail>(app(), c.enterprise, 'demand/submit', { id }), 'submit');
    expect(submitted.demand.status).toBe('submitted');
    expect((await post(app(), c.enterprise, 'demand/submit', { id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'demand/save', demandForm({ id }))).status).toBe(409);

    const adminTodos = ok(await get<Page<TodoItem>>(app(), c.admin, 'workflow/todoList', { page_size: 100 }), 'todos');
    expect(
      adminTodos.items.some(
        (item) => item.kind === 'demandReview' && item.target_id === id && item.title.includes('排产优化'),
      ),
    ).toBe(true);

    expect((await post(app(), c.enterprise, 'demand/review', { id, approve: 1 })).status).toBe(304);
    const noReason = await post<{ errors: { field: string }[] }>(app(), c.admin, 'demand/review', { id, approve: 0 });
    expect(noReason.status).toBe(400);
    expect(noReason.result.errors[0]?.field).toBe('reason');
    const rejected = ok(
      await post<DemandDetail>(app(), c.admin, 'demand/review', { id, approve: 0, reason: '预算范围不合理' }),
      'reject',
    );
    expect(rejected.demand.status).toBe('rejected');
    expect(rejected.full?.reject_reason).toBe('预算范围不合理');
    expect((await post(app(), c.admin, 'demand/review', { id, approve: 1 })).status).toBe(409);
    const enterpriseTodos = ok(await get<Page<TodoItem>>(app(), c.enterprise, 'workflow/todoList'), 'todos');
    expect(enterpriseTodos.items.some((item) => item.kind === 'demandRejected' && item.target_id === id)).toBe(true);

    const edited = ok(
      await post<DemandDetail>(app(), c.enterprise, 'demand/save', demandForm({ id, budget_min: 150000 })),
      'edit',
    );
    expect(edited.demand.status).toBe('draft');
    expect(edited.demand.budget_min).toBe(150000);
    ok(await post(app(), c.enterprise, 'demand/save', demandForm({ id, budget_min: 150000, commit: 1 })), 'resubmit');
    const after = ok(await get<Page<TodoItem>>(app(), c.enterprise, 'workflow/todoList'), 'todos');
    expect(after.items.some((item) => item.kind === 'demandRejected' && item.target_id === id)).toBe(false);
    const published = ok(await post<DemandDetail>(app(), c.admin, 'demand/review', { id, approve: 1 }), 'approve');
    expect(published.demand.status).toBe('published');
    expect(published.demand.published_at).not.toBeNull();

    const logs = ok(
      await get<Page<{ action: string }>>(app(), c.admin, 'sys/getLogs', { action: 'demand', page_size: 100 }),
      'logs',
    );
    const actions = logs.items.map((l) => l.action);
    for (const action of ['demand.create', 'demand.submit', 'demand.reject', 'demand.update', 'demand.approve'])
      expect(actions).toContain(action);
  });

  it('withdraws a submitted demand back to draft and cancels the review to-do', async () => {
    const saved = ok(await post<DemandDetail>(app(), c.enterprise, 'demand/save', demandForm({ commit: 1 })), 'save');
    expect(saved.demand.status).toBe('submitted');
    const withdrawn = ok(
      await post<DemandDetail>(app(), c.enterprise, 'demand/withdraw', { id: saved.demand.id }),
      'withdraw',
    );
    expect(withdrawn.demand.status).toBe('draft');
    expect((await post(app(), c.enterprise, 'demand/withdraw', { id: saved.demand.id })).status).toBe(409);
    const todos = ok(await get<Page<TodoItem>>(app(), c.admin, 'workflow/todoList', { page_size: 100 }), 'todos');
    expect(todos.items.some((item) => item.target_type === 'demand' && item.target_id === saved.demand.id)).toBe(false);
  });

  it('toggles published ⇄ paused; a paused demand leaves the list and cannot be received; close ends it for good', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    const id = demand.id;
    const paused = ok(await post<DemandDetail>(app(), c.enterprise, 'demand/toggle', { id }), 'pause');
    expect(paused.demand.status).toBe('paused');
    const list = ok(await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { page_size: 100 }), 'list');
    expect(list.items.map((d) => d.id)).not.toContain(id);
    expect((await post(app(), c.institute, 'demand/receive', { id })).status).toBe(409);
    ok(await post(app(), c.enterprise, 'demand/toggle', { id }), 'resume');
    expect((await post(app(), c.enterprise, 'demand/complete', { id })).status).toBe(409);
    const closed = ok(await post<DemandDetail>(app(), c.enterprise, 'demand/close', { id }), 'close');
    expect(closed.demand.status).toBe('closed');
    for (const path of ['demand/toggle', 'demand/close', 'demand/complete', 'demand/submit']) {
      expect((await post(app(), c.enterprise, path, { id })).status, path).toBe(409);
    }
    const detail = ok(await get<DemandDetail>(app(), c.enterprise, `demand/detail/${id}`), 'detail');
    expect(detail.demand.status).toBe('closed');
    // An institute that never received it does not see a closed demand.
    expect((await get(app(), c.institute, `demand/detail/${id}`)).status).toBe(304);
  });

  it('shows institutes the summary until they receive; a required confidentiality agreement is accepted and recorded', async () => {
    const { demand } = await newDemand(app(), c, { publish: true, form: { nda_required: 1, title: '保密需求' } });
    const id = demand.id;
    const before = ok(await get<DemandDetail>(app(), c.institute, `demand/detail/${id}`), 'detail');
    expect(before.full).toBeNull();
    expect(before.demand.summary).toBeTruthy();
    expect(before.can).toMatchObject({ receive: true, solve: false, edit: false });
    const refused = await post<{ errors: { field: string }[] }>(app(), c.institute, 'demand/receive', { id });
    expect(refused.status).toBe(400);
    expect(refused.result.errors[0]?.field).toBe('accept_nda');
    const received = ok(
      await post<DemandDetail>(app(), c.institute, 'demand/receive', { id, accept_nda: 1 }),
      'receive',
    );
    expect(received.full?.problem).toBeTruthy();
    expect(received.full?.space_id).toBeNull();
    expect(received.receipt).toMatchObject({ nda_accepted: 1, received_by: { id: c.institute.id } });
    expect(received.demand.receive_count).toBe(1);
    // Receiving again changes nothing.
    const again = ok(await post<DemandDetail>(app(), c.institute, 'demand/receive', { id, accept_nda: 1 }), 'receive');
    expect(again.demand.receive_count).toBe(1);
    expect((await post(app(), c.enterprise, 'demand/receive', { id, accept_nda: 1 })).status).toBe(304);
  });

  it('opens the attachments to an institute only after it receives the demand', async () => {
    const saved = await newDemand(app(), c);
    const spaceId = saved.full?.space_id ?? 0;
    const file = await upload(app(), c.enterprise.token, '数据说明.pdf', pdf(2000), {
      space_id: spaceId,
      profile: 'document',
    });
    expect(file.status).toBe(200);
    const fileId = file.result?.id ?? 0;
    await expectOutsideFileRefused({ id: saved.demand.id });
    const withFile = ok(
      await post<DemandDetail>(
        app(),
        c.enterprise,
        'demand/save',
        demandForm({ id: saved.demand.id, attachments: [fileId], commit: 1 }),
      ),
      'save',
    );
    expect(withFile.full?.attachments).toEqual([
      expect.objectContaining({ id: fileId, name: '数据说明.pdf', size: 2000 }),
    ]);
    ok(await post(app(), c.admin, 'demand/review', { id: saved.demand.id, approve: 1 }), 'approve');

    expect((await post(app(), c.institute, 'upload/downloadUrl', { id: fileId })).status).toBe(304);
    ok(await post(app(), c.institute, 'demand/receive', { id: saved.demand.id }), 'receive');
    const link = await post<SignedUrl>(app(), c.institute, 'upload/downloadUrl', { id: fileId });
    expect(link.status).toBe(200);
    expect((await post(app(), c.otherInstitute, 'upload/downloadUrl', { id: fileId })).status).toBe(304);
  });

  it('a new demand takes attachments in one pass: they wait in the author’s tray, which its first save adopts', async () => {
    const tray = ok(await post<{ space_id: number }>(app(), c.enterprise, 'demand/attachmentSpace'), 'tray');
    // The same tray until a save adopts it; others cannot use it.
    expect(ok(await post<{ space_id: number }>(app(), c.enterprise, 'demand/attachmentSpace'), 'again')).toEqual(tray);
    expect((await post(app(), c.institute, 'demand/attachmentSpace')).status).toBe(304);
    const foreign = await upload(app(), c.otherEnterprise.token, 'x.pdf', pdf(100), {
      space_id: tray.space_id,
      profile: 'document',
    });
    expect(foreign.status).toBe(304);

    const file = await upload(app(), c.enterprise.token, '需求说明.pdf', pdf(1500), {
      space_id: tray.space_id,
      profile: 'document',
    });
    expect(file.status).toBe(200);
    const fileId = file.result?.id ?? 0;
    // A file from anywhere else is refused on the field, and nothing is created.
    await expectOutsideFileRefused();

    const created = ok(
      await post<DemandDetail>(app(), c.enterprise, 'demand/save', demandForm({ attachments: [fileId], commit: 1 })),
      'create',
    );
    expect(created.demand.status).toBe('submitted');
    expect(created.full?.space_id).toBe(tray.space_id);
    expect(created.full?.attachments).toEqual([
      expect.objectContaining({ id: fileId, name: '需求说明.pdf', size: 1500 }),
    ]);
    // The tray is now the demand's space: the next new demand gets a fresh one, and the old
    // tray's files cannot be named by another new demand.
    const next = ok(await post<{ space_id: number }>(app(), c.enterprise, 'demand/attachmentSpace'), 'next tray');
    expect(next.space_id).not.toBe(tray.space_id);
    const reused = await post(app(), c.enterprise, 'demand/save', demandForm({ attachments: [fileId] }));
    expect(reused.status).toBe(400);
    const detail = ok(await get<DemandDetail>(app(), c.enterprise, `demand/detail/${created.demand.id}`), 'detail');
    expect(detail.full?.attachments.map((a) => a.id)).toEqual([fileId]);
  });

  it('lists published demands with filters and keyset pages; the total is maintained without filters and null with them', async () => {
    const a = await newDemand(app(), c, {
      publish: true,
      form: {
        title: '风电功率预测',
        industry: 'D',
        province_code: '1100',
        city_code: undefined,
        budget_min: 500000,
        budget_max: 800000,
        msc_fields: ['62'],
      },
    });
    const b = await newDemand(app(), c, {
      publish: true,
      form: { title: '物流路径规划', industry: 'G', budget_min: 10000, budget_max: 50000, msc_fields: ['90'] },
    });
    const all = ok(await get<PublishedPage>(app(), c.institute, 'demand/publishedList'), 'list');
    expect(all.total).toBeGreaterThanOrEqual(2);
    const counts = ok(await get<DemandPage>(app(), c.admin, 'demand/list'), 'admin list');
    expect(all.total).toBe(counts.counts.published);

    const byIndustry = ok(
      await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { industry: 'D' }),
      'industry',
    );
    expect(byIndustry.items.map((d) => d.id)).toEqual([a.demand.id]);
    expect(byIndustry.total).toBeNull();
    const byRegion = ok(
      await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { province_code: '1100' }),
      'region',
    );
    expect(byRegion.items.map((d) => d.id)).toEqual([a.demand.id]);
    const byBudget = ok(
      await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { budget_min: 600000 }),
      'budget',
    );
    expect(byBudget.items.map((d) => d.id)).toEqual([a.demand.id]);
    const byKeyword = ok(
      await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { keyword: '路径' }),
      'keyword',
    );
    expect(byKeyword.items.map((d) => d.id)).toEqual([b.demand.id]);
    const byField = ok(await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { msc: '62' }), 'msc');
    expect(byField.items.map((d) => d.id)).toEqual([a.demand.id]);
    const byBudgetSort = ok(
      await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { sort: 'budget' }),
      'sort',
    );
    expect(byBudgetSort.items[0]?.id).toBe(a.demand.id);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: PublishedPage = ok(
        await get<PublishedPage>(app(), c.institute, 'demand/publishedList', {
          page_size: 1,
          ...(cursor ? { cursor } : {}),
        }),
        'page',
      );
      seen.push(...page.items.map((d) => d.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((d) => d.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await get(app(), c.institute, 'demand/publishedList', { cursor: 'garbage' })).status).toBe(400);
  });

  it('recommends published demands by overlap with the institute fields, then recency', async () => {
    const one = await newDemand(app(), c, { publish: true, form: { title: '一个领域', msc_fields: ['90'] } });
    const two = await newDemand(app(), c, { publish: true, form: { title: '两个领域', msc_fields: ['65', '90'] } });
    const newerOne = await newDemand(app(), c, {
      publish: true,
      form: { title: '新的一个', msc_fields: ['65', '11'] },
    });
    const none = await newDemand(app(), c, { publish: true, form: { title: '无关', msc_fields: ['11'] } });
    const rec = ok(
      await get<RecommendedPage>(app(), c.institute, 'demand/recommended', { page_size: 50 }),
      'recommended',
    );
    const ids = rec.items.map((d) => d.id);
    expect(ids[0]).toBe(two.demand.id);
    expect(rec.items[0]?.matched_fields.sort()).toEqual(['65', '90']);
    expect(ids.indexOf(newerOne.demand.id)).toBeLessThan(ids.indexOf(one.demand.id));
    expect(ids).not.toContain(none.demand.id);
    const other = ok(await get<RecommendedPage>(app(), c.otherInstitute, 'demand/recommended'), 'recommended');
    expect(other.items.map((d) => d.id)).not.toContain(two.demand.id);
  });
});

import { beforeAll, expect, it } from 'vitest';
import type { DemandDetail, DemandPage } from '@mathbridge/contracts/demands';
import type { AttachmentList, FileNode } from '@mathbridge/contracts/files';
import type { Page } from '@mathbridge/contracts/pagination';
import type { AuditLogEntry, TodoItem } from '@mathbridge/contracts/workflow';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { pdf, upload } from '../files/files.fixtures.ts';
import { cast, demandForm, get, newDemand, ok, post, type Cast } from './demands.fixtures.ts';

describeApi('deleting a draft demand', () => {
  const t = useTestApp();
  let c: Cast;
  beforeAll(async () => {
    c = await cast(t());
  });
  const app = () => t().app;
  const draftCount = async () =>
    ok(await get<DemandPage>(app(), c.enterprise, 'demand/list', { status: 'draft' }), 'list').counts.draft;

  it('should require authentication', async () => {
    expect((await call(app(), 'POST', 'demand/delete', { id: 1 })).status).toBe(305);
  });

  it('the owner deletes a draft: it is gone with its file space, the count drops and the audit log says so', async () => {
    const draft = await newDemand(app(), c);
    expect(draft.can.delete).toBe(true);
    const id = draft.demand.id;
    const spaceId = draft.full?.space_id ?? 0;
    const file = await upload(app(), c.enterprise.token, '数据说明.pdf', pdf(3000), { space_id: spaceId });
    expect(file.status).toBe(200);
    ok(
      await post(app(), c.enterprise, 'demand/save', demandForm({ id, attachments: [(file.result as FileNode).id] })),
      'attach',
    );
    const before = await draftCount();

    ok(await post(app(), c.enterprise, 'demand/delete', { id }), 'delete');

    expect(await draftCount()).toBe(before - 1);
    expect((await get(app(), c.enterprise, `demand/detail/${id}`)).status).toBe(404);
    expect((await post(app(), c.enterprise, 'demand/delete', { id })).status).toBe(404);
    const space = await get<AttachmentList>(app(), c.enterprise, 'upload/getAttachmentList', { space_id: spaceId });
    expect(space.status).toBe(404);
    expect(await t().ctx.db.selectFrom('file_spaces').select('id').where('id', '=', spaceId).executeTakeFirst()).toBe(
      undefined,
    );
    expect(
      await t().ctx.db.selectFrom('file_nodes').select('id').where('space_id', '=', spaceId).executeTakeFirst(),
    ).toBe(undefined);
    const logs = async (action: string) =>
      ok(await get<Page<AuditLogEntry>>(app(), c.admin, 'sys/getLogs', { action }), 'logs').items;
    expect((await logs('demand.delete')).some((row) => Number(row.target_id) === id)).toBe(true);
    expect((await logs('files.space_delete')).some((row) => Number(row.target_id) === spaceId)).toBe(true);
  });

  it('only drafts: a submitted, rejected or published demand answers 409 and stays', async () => {
    const submitted = await newDemand(app(), c, { form: { commit: 1 } });
    expect((await post(app(), c.enterprise, 'demand/delete', { id: submitted.demand.id })).status).toBe(409);
    ok(await post(app(), c.admin, 'demand/review', { id: submitted.demand.id, approve: 0, reason: '信息不全' }), 'rej');
    expect((await post(app(), c.enterprise, 'demand/delete', { id: submitted.demand.id })).status).toBe(409);
    const published = await newDemand(app(), c, { publish: true });
    expect(published.can.delete).toBe(false);
    expect((await post(app(), c.enterprise, 'demand/delete', { id: published.demand.id })).status).toBe(409);
    for (const id of [submitted.demand.id, published.demand.id])
      expect((await get(app(), c.enterprise, `demand/detail/${id}`)).status).toBe(200);
  });

  it("another enterprise, an institute and the admin cannot delete someone's draft (304)", async () => {
    const draft = await newDemand(app(), c);
    for (const user of [c.otherEnterprise, c.institute, c.specialist, c.admin])
      expect((await post(app(), user, 'demand/delete', { id: draft.demand.id })).status).toBe(304);
    expect((await get(app(), c.enterprise, `demand/detail/${draft.demand.id}`)).status).toBe(200);
  });

  it('a delete racing edits of the same draft: the draft ends deleted with nothing left behind', async () => {
    const draft = await newDemand(app(), c);
    const id = draft.demand.id;
    const before = await draftCount();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? post(app(), c.enterprise, 'demand/delete', { id })
          : post(app(), c.enterprise, 'demand/save', demandForm({ id, title: `改${i}` })),
      ),
    );
    expect(replies.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
    expect(replies.filter((r, i) => i % 3 === 0 && r.status === 200)).toHaveLength(1);
    expect((await get(app(), c.enterprise, `demand/detail/${id}`)).status).toBe(404);
    expect(await draftCount()).toBe(before - 1);
    const db = t().ctx.db;
    expect(await db.selectFrom('demand_fields').select('code').where('demand_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('file_spaces').select('id').where('ref_key', '=', `demand:${id}`).execute()).toEqual([]);
  });

  it('a delete racing submits of the same draft: exactly one side wins and the counts agree', async () => {
    for (let round = 0; round < 3; round += 1) {
      const draft = await newDemand(app(), c);
      const id = draft.demand.id;
      const counts = async () => ok(await get<DemandPage>(app(), c.enterprise, 'demand/list'), 'list').counts;
      const before = await counts();
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(app(), c.enterprise, i % 2 === 0 ? 'demand/delete' : 'demand/submit', { id }),
        ),
      );
      const deleted = replies.filter((r, i) => i % 2 === 0 && r.status === 200).length;
      const submitted = replies.filter((r, i) => i % 2 === 1 && r.status === 200).length;
      expect(replies.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
      expect(deleted + submitted).toBe(1);
      const after = await counts();
      const detail = await get<DemandDetail>(app(), c.enterprise, `demand/detail/${id}`);
      if (deleted === 1) {
        expect(detail.status).toBe(404);
        expect(after.draft).toBe(before.draft - 1);
        expect(after.submitted).toBe(before.submitted);
      } else {
        expect(detail.result.demand.status).toBe('submitted');
        expect(after.draft).toBe(before.draft - 1);
        expect(after.submitted).toBe(before.submitted + 1);
        // The admin's review to-do exists exactly once.
        const todos = ok(await get<Page<TodoItem>>(app(), c.admin, 'workflow/todoList', { page_size: 100 }), 'todos');
        expect(todos.items.filter((item) => item.target_type === 'demand' && item.target_id === id)).toHaveLength(1);
      }
    }
  });
});

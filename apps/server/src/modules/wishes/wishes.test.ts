import { beforeAll, expect, it } from 'vitest';
import type { OpenWishPage, Wish, WishPage, WishResponsePage } from '@mathbridge/contracts/wishes';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import type { Page } from '@mathbridge/contracts/pagination';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { cast, get, ok, post, wishForm, type Cast } from '../demands/demands.fixtures.ts';

describeApi('cooperation wishes', () => {
  const t = useTestApp();
  let c: Cast;
  beforeAll(async () => {
    c = await cast(t());
  });
  const app = () => t().app;

  it('should require authentication, and each side only its section', async () => {
    expect((await call(app(), 'POST', 'cooperateWish/create', wishForm())).status).toBe(305);
    expect((await post(app(), c.specialist, 'cooperateWish/create', wishForm())).status).toBe(304);
    expect((await post(app(), c.institute, 'cooperateWish/create', wishForm())).status).toBe(304);
    expect((await get(app(), c.enterprise, 'cooperateWish/openList')).status).toBe(304);
    expect((await get(app(), c.specialist, 'cooperateWish/detail/1')).status).toBe(304);
  });

  it('open → responses → closed: the enterprise sees responses and a to-do; a closed wish takes no more', async () => {
    const invalid = await post<{ errors: { field: string }[] }>(
      app(),
      c.enterprise,
      'cooperateWish/create',
      wishForm({ partner_type: 'alien', msc_fields: [] }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.result.errors.map((e) => e.field).sort()).toEqual(['msc_fields', 'partner_type']);
    const wish = ok(await post<Wish>(app(), c.enterprise, 'cooperateWish/create', wishForm()), 'create');
    expect(wish).toMatchObject({ status: 'open', response_count: 0, can: { close: true } });
    const mine = ok(await get<WishPage>(app(), c.enterprise, 'cooperateWish/list'), 'list');
    expect(mine.counts.open).toBeGreaterThanOrEqual(1);
    expect(mine.items[0]?.id).toBe(wish.id);
    expect(
      ok(await get<WishPage>(app(), c.otherEnterprise, 'cooperateWish/list'), 'list').items.map((w) => w.id),
    ).not.toContain(wish.id);
    expect((await get(app(), c.otherEnterprise, `cooperateWish/detail/${wish.id}`)).status).toBe(304);
    expect((await get(app(), c.otherEnterprise, 'cooperateWish/responses', { id: wish.id })).status).toBe(304);

    const open = ok(await get<OpenWishPage>(app(), c.institute, 'cooperateWish/openList'), 'open');
    expect(open.items.map((w) => w.id)).toContain(wish.id);
    expect(open.total).not.toBeNull();
    expect(open.items.find((w) => w.id === wish.id)?.contact).toBeNull();
    const filtered = ok(await get<OpenWishPage>(app(), c.institute, 'cooperateWish/openList', { msc: '62' }), 'open');
    expect(filtered.items.map((w) => w.id)).toContain(wish.id);
    expect(filtered.total).toBeNull();
    expect(
      ok(await get<OpenWishPage>(app(), c.institute, 'cooperateWish/openList', { msc: '35' }), 'open').items.map(
        (w) => w.id,
      ),
    ).not.toContain(wish.id);

    const responded = ok(
      await post<Wish>(app(), c.institute, 'cooperateWish/respond', {
        id: wish.id,
        message: '我们有相关经验',
        contact: '李老师',
        contact_phone: '010-12345678',
      }),
      'respond',
    );
    expect(responded.my_response?.message).toBe('我们有相关经验');
    expect(responded.contact).toBe('王经理');
    expect(
      (
        await post(app(), c.institute, 'cooperateWish/respond', {
          id: wish.id,
          message: '再来',
          contact: '李老师',
          contact_phone: '010-12345678',
        })
      ).status,
    ).toBe(409);
    const todos = ok(await get<Page<TodoItem>>(app(), c.enterprise, 'workflow/todoList', { page_size: 100 }), 'todos');
    expect(todos.items.some((item) => item.kind === 'wishResponse' && item.target_id === wish.id)).toBe(true);
    const responses = ok(
      await get<WishResponsePage>(app(), c.enterprise, 'cooperateWish/responses', { id: wish.id }),
      'responses',
    );
    expect(responses.total).toBe(1);
    expect(responses.items[0]).toMatchObject({ institute: { id: c.institute.orgId }, contact_phone: '010-12345678' });

    const closed = ok(await post<Wish>(app(), c.enterprise, 'cooperateWish/close', { id: wish.id }), 'close');
    expect(closed.status).toBe('closed');
    expect((await post(app(), c.enterprise, 'cooperateWish/close', { id: wish.id })).status).toBe(409);
    expect(
      (
        await post(app(), c.otherInstitute, 'cooperateWish/respond', {
          id: wish.id,
          message: 'x',
          contact: '赵',
          contact_phone: '13900003333',
        })
      ).status,
    ).toBe(409);
    expect((await get(app(), c.otherInstitute, `cooperateWish/detail/${wish.id}`)).status).toBe(304);
    expect(ok(await get<Wish>(app(), c.institute, `cooperateWish/detail/${wish.id}`), 'detail').status).toBe('closed');
    const after = ok(await get<Page<TodoItem>>(app(), c.enterprise, 'workflow/todoList', { page_size: 100 }), 'todos');
    expect(after.items.some((item) => item.kind === 'wishResponse' && item.target_id === wish.id)).toBe(false);
  });
});

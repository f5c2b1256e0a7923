import { expect, it } from 'vitest';
import type { Contact } from '@mathbridge/contracts/accounts';
import { call, describeApi, registerUser, useTestApp } from '../../test/harness.ts';

describeApi('contacts', () => {
  const t = useTestApp();

  it('should require authentication', async () => {
    expect((await call(t().app, 'GET', 'user/contactList')).status).toBe(305);
    expect((await call(t().app, 'POST', 'user/contactModify', { name: 'x', phone: '13912345678' })).status).toBe(305);
  });

  it('adds, lists, edits and deletes a contact, with one default at a time', async () => {
    const user = await registerUser(t().app);
    const empty = await call<{ items: Contact[] }>(t().app, 'GET', 'user/contactList', {}, { token: user.token });
    expect(empty.result.items).toEqual([]);

    const first = await call<Contact>(
      t().app,
      'POST',
      'user/contactModify',
      { name: '王经理', phone: '13912345678', is_default: 1 },
      { token: user.token },
    );
    expect(first.status).toBe(200);
    const second = await call<Contact>(
      t().app,
      'POST',
      'user/contactModify',
      { name: '李工', phone: '0755-87654321', email: 'li@example.com', position: '工程师', is_default: 1 },
      { token: user.token },
    );
    const list = await call<{ items: Contact[] }>(t().app, 'GET', 'user/contactList', {}, { token: user.token });
    expect(list.result.items.map((c) => [c.name, c.is_default])).toEqual([
      ['李工', 1],
      ['王经理', 0],
    ]);

    const edited = await call<Contact>(
      t().app,
      'POST',
      'user/contactModify',
      { id: first.result.id, name: '王总', phone: '13912345678' },
      { token: user.token },
    );
    expect(edited.result).toMatchObject({ id: first.result.id, name: '王总' });

    expect(
      (await call(t().app, 'POST', 'user/contactDelete', { id: second.result.id }, { token: user.token })).status,
    ).toBe(200);
    const after = await call<{ items: Contact[] }>(t().app, 'GET', 'user/contactList', {}, { token: user.token });
    expect(after.result.items.map((c) => c.name)).toEqual(['王总']);
  });

  it("validates contact fields in the caller's language", async () => {
    const user = await registerUser(t().app);
    const bad = await call(
      t().app,
      'POST',
      'user/contactModify',
      { phone: '12345' },
      { token: user.token, locale: 'zh-HK' },
    );
    expect(bad.status).toBe(400);
    expect(bad.result).toEqual({
      errors: [
        { field: 'name', code: 'required', message: '請填寫' },
        { field: 'phone', code: 'phone', message: '請輸入正確的手機或座機號碼' },
      ],
    });
  });

  it("a user cannot edit, delete or see another user's contact", async () => {
    const owner = await registerUser(t().app);
    const other = await registerUser(t().app);
    const contact = await call<Contact>(
      t().app,
      'POST',
      'user/contactModify',
      { name: '赵', phone: '13912345678' },
      { token: owner.token },
    );
    const edit = await call(
      t().app,
      'POST',
      'user/contactModify',
      { id: contact.result.id, name: 'hijack', phone: '13912345678' },
      { token: other.token },
    );
    expect(edit.status).toBe(304);
    expect(
      (await call(t().app, 'POST', 'user/contactDelete', { id: contact.result.id }, { token: other.token })).status,
    ).toBe(304);
    const othersList = await call<{ items: Contact[] }>(t().app, 'GET', 'user/contactList', {}, { token: other.token });
    expect(othersList.result.items).toEqual([]);
    const ownerList = await call<{ items: Contact[] }>(t().app, 'GET', 'user/contactList', {}, { token: owner.token });
    expect(ownerList.result.items.map((c) => c.name)).toEqual(['赵']);
  });

  it('answers 404 for a contact that does not exist', async () => {
    const user = await registerUser(t().app);
    expect((await call(t().app, 'POST', 'user/contactDelete', { id: 999_999 }, { token: user.token })).status).toBe(
      404,
    );
  });
});

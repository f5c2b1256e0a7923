import { beforeAll, expect, it } from 'vitest';
import type { Page } from '@mathbridge/contracts/pagination';
import type { AuditLogEntry } from '@mathbridge/contracts/workflow';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { certifiedUser, newUser, signInAdmin, submitFor, type TestUser } from '../identity/identity.fixtures.ts';

type Errors = { errors: { field: string; code: string; message: string }[] };

describeApi('audit log', () => {
  const t = useTestApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signInAdmin(t());
  });

  it('should require authentication', async () => {
    expect((await call(t().app, 'GET', 'sys/getLogs')).status).toBe(305);
  });

  it('is for admins only (304 for anyone else, certified or not)', async () => {
    const user = await newUser(t().app);
    expect((await call(t().app, 'GET', 'sys/getLogs', {}, { token: user.token })).status).toBe(304);
    const owner = await certifiedUser(t().app, admin, 'Enterprise');
    expect((await call(t().app, 'GET', 'sys/getLogs', {}, { token: owner.token })).status).toBe(304);
  });

  it('records every certification, approval and organisation change with its actor', async () => {
    const owner = await newUser(t().app);
    const request = await submitFor(t().app, owner, 'Enterprise');
    await call(t().app, 'POST', 'workflow/approveAuth', { id: request.id, approve: 1 }, { token: admin.token });
    await call(t().app, 'POST', 'org/update', { introduction: '审计测试' }, { token: owner.token });
    await call(t().app, 'POST', 'sys/invite', {}, { token: owner.token });

    const mine = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { actor_id: owner.id },
      { token: admin.token },
    );
    expect(mine.result.items.map((l) => l.action)).toEqual([
      'invitation.create',
      'org.update',
      'certification.submit',
      'certificate.upload',
      'user.register',
    ]);
    expect(mine.result.items.find((l) => l.action === 'certification.submit')).toMatchObject({
      actor: { id: owner.id, account: owner.phone },
      target_type: 'certification',
      target_id: String(request.id),
      detail: { role: 'Enterprise', org_id: request.org_id },
    });
    expect(mine.result.items.find((l) => l.action === 'org.update')?.detail).toEqual({ fields: ['introduction'] });

    const approvals = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { action: 'certification.approve', actor: admin.phone },
      { token: admin.token },
    );
    expect(approvals.result.items[0]).toMatchObject({
      action: 'certification.approve',
      actor: { id: admin.id },
      target_id: String(request.id),
      detail: { user_id: owner.id, role: 'Enterprise' },
    });
  });

  it('filters by a family of actions, by actor name or phone, and by days; paginates', async () => {
    const user = await newUser(t().app);
    await submitFor(t().app, user, 'Specialist');
    await call(t().app, 'POST', 'user/withdrawAuth', {}, { token: user.token });

    const family = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { action: 'certification', actor: user.phone },
      { token: admin.token },
    );
    expect(family.result.items.map((l) => l.action)).toEqual(['certification.withdraw', 'certification.submit']);
    const byPrefix = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { actor: user.phone.slice(0, 11) },
      { token: admin.token },
    );
    expect(byPrefix.result.items.every((l) => l.actor?.id === user.id)).toBe(true);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const todays = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { actor_id: user.id, date_from: today, date_to: today },
      { token: admin.token },
    );
    expect(todays.result.total).toBe(family.result.total + 2); // + register, certificate upload
    const old = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { actor_id: user.id, date_to: '2020-12-31' },
      { token: admin.token },
    );
    expect(old.result).toEqual({ items: [], total: 0, page: 1, page_size: 20 });

    const page = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { actor_id: user.id, page: 2, page_size: 3 },
      { token: admin.token },
    );
    expect(page.result).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page.result.items.map((l) => l.action)).toEqual(['user.register']);

    const bad = await call<Errors>(
      t().app,
      'GET',
      'sys/getLogs',
      { date_from: '2024/01/01', page: 0 },
      { token: admin.token, locale: 'en-US' },
    );
    expect(bad.result.errors).toEqual([
      { field: 'page', code: 'positive', message: 'Enter a number above 0' },
      { field: 'date_from', code: 'date', message: 'Enter a date as YYYY-MM-DD' },
    ]);
  });
});

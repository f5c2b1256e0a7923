import { expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { describeApi, inParallel, newPhone, registerUser, settledValues, useTestApp } from '../../test/harness.ts';
import { adminExists, createFirstAdmin } from './admin.service.ts';
import { signIn } from './user.fixtures.ts';

/**
 * First start with several instances at once over one database (issue 14): a deploy of N starts N
 * `server.ts` processes together, and each runs `createFirstAdmin`. Exactly one may make the admin
 * and print a password; a second one must neither fail (the cluster test saw an instance die of
 * users_phone_unique) nor reset the password the first one printed.
 */

const PARALLEL = 12;

async function adminsAndAudits(t: TestApp, phone: string) {
  const { db } = t.ctx;
  const users = await db.selectFrom('users').select('id').where('phone', '=', phone).execute();
  const admins = await db.selectFrom('user_roles').select('user_id').where('role', '=', 'Admin').execute();
  const audits = await db
    .selectFrom('audit_logs')
    .select('action')
    .where('target_type', '=', 'user')
    .where('target_id', 'in', users.map((u) => String(u.id)).concat(['-']))
    .execute();
  return { users, admins, audits: audits.map((a) => a.action) };
}

describeApi('the first admin, with several instances starting at once', () => {
  const t = useTestApp();

  it(`${PARALLEL} parallel first starts on an empty database make one admin and one password, which signs in`, async () => {
    expect(await adminExists(t().ctx.db)).toBe(false);
    const phone = newPhone();
    const results = settledValues(await inParallel(PARALLEL, () => createFirstAdmin(t().ctx.db, phone)));
    const made = results.filter((r) => r !== null);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ phone, created: true });

    const { users, admins, audits } = await adminsAndAudits(t(), phone);
    expect(users).toHaveLength(1);
    expect(admins).toEqual([{ user_id: users[0]?.id }]);
    expect(audits).toEqual(['admin.create']);
    const password = made[0]?.password ?? '';
    expect((await signIn(t().app, { phone, password })).status).toBe(200);

    // A later start (or restart) finds the admin: nothing changes, the printed password still works.
    expect(await createFirstAdmin(t().ctx.db, phone)).toBeNull();
    expect((await signIn(t().app, { phone, password })).status).toBe(200);
  });

  it(`${PARALLEL} parallel first starts promote the user who holds the admin phone once: one new password, the old one refused`, async () => {
    const { db } = t().ctx;
    // A database with users but no admin (the last one removed by hand), the admin phone registered.
    await db.deleteFrom('user_roles').where('role', '=', 'Admin').execute();
    const user = await registerUser(t().app);
    const results = settledValues(await inParallel(PARALLEL, () => createFirstAdmin(db, user.phone)));
    const made = results.filter((r) => r !== null);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ phone: user.phone, created: false });

    const { users, admins, audits } = await adminsAndAudits(t(), user.phone);
    expect(admins).toEqual([{ user_id: users[0]?.id }]);
    expect(audits.filter((a) => a.startsWith('admin.'))).toEqual(['admin.reset']);
    expect((await signIn(t().app, user)).status).not.toBe(200);
    expect((await signIn(t().app, { phone: user.phone, password: made[0]?.password ?? '' })).status).toBe(200);
  });
});

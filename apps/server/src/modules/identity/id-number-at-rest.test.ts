import fs from 'node:fs';
import path from 'node:path';
import type { AuditLogEntry } from '@mathbridge/contracts/workflow';
import type { AuthInfo, CertificationDetail } from '@mathbridge/contracts/identity';
import type { Page } from '@mathbridge/contracts/pagination';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call, describeApi, inParallel, settledValues, useTestApp } from '../../test/harness.ts';
import { individualForm, newUser, signInAdmin, specialistForm, uploadCertificate } from './identity.fixtures.ts';
import { certificationDetailOf } from './certification.service.ts';
import { findCertificationWithUser } from './certification.repository.ts';

/** Every column of a certification row as the database holds it, as one string. */
async function rawRow(t: ReturnType<ReturnType<typeof useTestApp>>, id: number): Promise<string> {
  const result = await sql<Record<string, unknown>>`select * from certifications where id = ${id}`.execute(t.ctx.db);
  return JSON.stringify(result.rows[0]);
}

const MASKED = /^\d{4}\*{10}[\dX]{4}$/;

describeApi('ID numbers at rest (issue 9 point 11)', () => {
  const t = useTestApp();

  it('12 parallel certifications store no ID number in clear; owner and admin read it in full, anyone else masked', async () => {
    const { app } = t();
    const admin = await signInAdmin(t());
    const people = await Promise.all(Array.from({ length: 12 }, () => newUser(app)));
    const forms = await Promise.all(
      people.map(async (person, i) =>
        i % 2 === 0 ? specialistForm([await uploadCertificate(app, person.token)]) : individualForm(),
      ),
    );
    const submitted = settledValues(
      await inParallel(people.length, (i) =>
        call<{ certification: { id: number } }>(
          app,
          'POST',
          i % 2 === 0 ? 'user/specialistAuth' : 'user/individualAuth',
          forms[i] ?? {},
          { token: people[i]?.token ?? '' },
        ),
      ),
    );
    expect(submitted.map((r) => r.status)).toEqual(people.map(() => 200));
    const ids = submitted.map((r) => r.result.certification.id);

    for (const [i, id] of ids.entries()) {
      const number = String(forms[i]?.idNumber);
      const raw = await rawRow(t(), id);
      expect(raw).not.toContain(number);
      // Not even the hidden middle part (birth date and sequence).
      expect(raw).not.toContain(number.slice(4, 14));
      expect(raw).toContain('"id_number_sealed":"v1.');
    }

    // The owner, in parallel, reads their own number in full.
    const own = settledValues(
      await inParallel(people.length, (i) =>
        call<AuthInfo>(app, 'GET', 'user/authInfo', {}, { token: people[i]?.token ?? '' }),
      ),
    );
    expect(own.map((r) => (r.result.certification?.data as { idNumber?: string }).idNumber)).toEqual(
      forms.map((f) => f.idNumber),
    );

    // Admins read it in full, and each such read is in the audit log.
    const reviewed = settledValues(
      await inParallel(ids.length, (i) =>
        call<CertificationDetail>(app, 'GET', 'workflow/authDetail', { id: ids[i] ?? 0 }, { token: admin.token }),
      ),
    );
    expect(reviewed.map((r) => (r.result.data as { idNumber?: string }).idNumber)).toEqual(
      forms.map((f) => f.idNumber),
    );
    const logs = await call<Page<AuditLogEntry>>(
      app,
      'GET',
      'sys/getLogs',
      { action: 'certification.view', actor_id: admin.id, page_size: 50 },
      { token: admin.token },
    );
    expect(new Set(logs.result.items.map((l) => l.target_id))).toEqual(new Set(ids.map(String)));

    // Another user cannot open the request at all; the one presenter every read goes through masks
    // the number for any viewer other than its owner or an admin.
    const stranger = people[1];
    const id0 = ids[0] ?? 0;
    expect((await call(app, 'GET', 'workflow/authDetail', { id: id0 }, { token: stranger?.token ?? '' })).status).toBe(
      304,
    );
    const row = await findCertificationWithUser(t().ctx.db, id0);
    if (!row || !stranger) throw new Error('no row');
    const masked = await certificationDetailOf(t().ctx, row, { id: stranger.id, roles: ['Individual'] });
    const number = String(forms[0]?.idNumber);
    expect((masked.data as { idNumber: string }).idNumber).toBe(
      `${number.slice(0, 4)}${'*'.repeat(10)}${number.slice(14)}`,
    );
    expect((masked.data as { idNumber: string }).idNumber).toMatch(MASKED);
  });

  it('rows written in clear before the upgrade are sealed at start; a wrong key stops the server; the key file is 0600', async () => {
    const { app, ctx, dataDir } = t();
    const people = await Promise.all(Array.from({ length: 5 }, () => newUser(app)));
    const forms = people.map(() => individualForm());
    const submitted = settledValues(
      await inParallel(people.length, (i) =>
        call<{ certification: { id: number } }>(app, 'POST', 'user/individualAuth', forms[i] ?? {}, {
          token: people[i]?.token ?? '',
        }),
      ),
    );
    const ids = submitted.map((r) => r.result.certification.id);
    // Put the rows back the way the previous version wrote them: the number inside `data`.
    for (const [i, id] of ids.entries()) {
      const data = JSON.stringify({ truename: '赵六', idNumber: forms[i]?.idNumber });
      await sql`update certifications set data = ${data}, id_number_sealed = null where id = ${id}`.execute(ctx.db);
      expect(await rawRow(t(), id)).toContain(String(forms[i]?.idNumber));
    }

    // A second instance starting over the same database seals them before it serves anything.
    const second = await buildApp(ctx.config);
    try {
      for (const [i, id] of ids.entries()) {
        const raw = await rawRow(t(), id);
        expect(raw).not.toContain(String(forms[i]?.idNumber));
        expect(raw).toContain('"id_number_sealed":"v1.');
      }
      const own = settledValues(
        await inParallel(people.length, (i) =>
          call<AuthInfo>(second.app, 'GET', 'user/authInfo', {}, { token: people[i]?.token ?? '' }),
        ),
      );
      expect(own.map((r) => (r.result.certification?.data as { idNumber?: string }).idNumber)).toEqual(
        forms.map((f) => f.idNumber),
      );
    } finally {
      await second.app.close();
    }

    // An instance given another key refuses to start instead of serving numbers it cannot read.
    await expect(buildApp({ ...ctx.config, idNumberKey: 'ab'.repeat(32) })).rejects.toThrow(/ID_NUMBER_KEY/);
    // A key that is not 32 bytes is refused outright.
    await expect(buildApp({ ...ctx.config, idNumberKey: 'short' })).rejects.toThrow(/ID_NUMBER_KEY/);

    const keyFile = path.join(dataDir, 'secrets', 'id-number.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o700);
  });
});

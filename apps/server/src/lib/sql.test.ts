import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeApi, newPhone, useTestApp } from '../test/harness.ts';
import { isUniqueViolation, likeContains, likePrefix } from './sql.ts';

const failure = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describeApi('SQL helpers on the real driver', () => {
  const t = useTestApp();

  it('recognises a unique violation by the driver’s code, in a transaction too, and no other error', async () => {
    const db = t().ctx.db;
    const now = new Date().toISOString();
    const user = {
      phone: newPhone(),
      password_hash: 'x',
      account: 'sql-helpers',
      truename: null,
      email: null,
      contact: null,
      contact_phone: null,
      avatar_key: null,
      verify_state: null,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('users').values(user).execute();
    const duplicate = await failure(db.insertInto('users').values(user).execute());
    expect(duplicate).not.toBeNull();
    expect(isUniqueViolation(duplicate)).toBe(true);
    const inTransaction = await failure(
      db.transaction().execute((trx) => trx.insertInto('users').values(user).execute()),
    );
    expect(isUniqueViolation(inTransaction)).toBe(true);
    const missingColumn = await failure(
      db
        .insertInto('users')
        .values({ ...user, phone: newPhone(), password_hash: null as unknown as string })
        .execute(),
    );
    expect(missingColumn).not.toBeNull();
    expect(isUniqueViolation(missingColumn)).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false);
  });

  it('matches LIKE patterns on the user’s text literally (wildcards and the escape character)', async () => {
    const db = t().ctx.db;
    const matches = async (value: string, pattern: string) =>
      (await sql<{ m: number | boolean }>`select (${value} like ${pattern} escape '\\') as m`.execute(db)).rows[0]?.m;
    expect(Boolean(await matches('save 50%_now', likeContains('50%_')))).toBe(true);
    expect(Boolean(await matches('save 50xy now', likeContains('50%_')))).toBe(false);
    expect(Boolean(await matches('a\\b', likeContains('\\')))).toBe(true);
    expect(Boolean(await matches('ab', likeContains('\\')))).toBe(false);
    expect(Boolean(await matches('100_main', likePrefix('100_')))).toBe(true);
    expect(Boolean(await matches('1000main', likePrefix('100_')))).toBe(false);
    expect(Boolean(await matches('x100_', likePrefix('100_')))).toBe(false);
  });
});

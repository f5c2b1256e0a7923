import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeApi, newPhone, useTestApp } from '../test/harness.ts';
import { dbRefusalOf, inTransaction, isUniqueViolation, likeContains, likePrefix } from './sql.ts';

const failure = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describeApi('SQL helpers on the real driver', () => {
  const t = useTestApp();

  it('recognises a unique violation by the driver’s code, in a transaction too, and no other error', async () => {
    const db = t().ctx.db;
    // The smallest table with a unique key and a not-null column: the storage write journal.
    const write = { storage_key: `sql-helpers/${newPhone()}`, started_at: new Date().toISOString() };
    await db.insertInto('storage_writes').values(write).execute();
    const duplicate = await failure(db.insertInto('storage_writes').values(write).execute());
    expect(duplicate).not.toBeNull();
    expect(isUniqueViolation(duplicate)).toBe(true);
    const inTransaction = await failure(
      db.transaction().execute((trx) => trx.insertInto('storage_writes').values(write).execute()),
    );
    expect(isUniqueViolation(inTransaction)).toBe(true);
    expect(dbRefusalOf(inTransaction)).toBe('unique');
    const missingColumn = await failure(
      db
        .insertInto('storage_writes')
        .values({ storage_key: `sql-helpers/${newPhone()}`, started_at: null as unknown as string })
        .execute(),
    );
    expect(missingColumn).not.toBeNull();
    expect(isUniqueViolation(missingColumn)).toBe(false);
    expect(dbRefusalOf(missingColumn)).toBe('check');
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

  it('tells the database’s refusals (unique, foreign key, check) from failures, and retries only lost races', async () => {
    const db = t().ctx.db;
    const orphan = await failure(
      db
        .insertInto('todos')
        .values({
          kind: 'demandReview',
          assignee_user_id: 2_000_000_000,
          assignee_role: null,
          target_type: 'demand',
          target_id: 1,
          params: '{}',
          status: 0,
          created_at: new Date().toISOString(),
          closed_at: null,
          closed_by: null,
        })
        .execute(),
    );
    // todos.assignee_user_id references users: a row that is gone is a foreign-key refusal.
    expect(dbRefusalOf(orphan)).toBe('foreignKey');
    const missingTable = await failure(sql`select * from no_such_table`.execute(db));
    expect(missingTable).not.toBeNull();
    expect(dbRefusalOf(missingTable)).toBeNull();
    expect(dbRefusalOf(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe('concurrent');
    expect(dbRefusalOf(Object.assign(new Error('locked'), { code: 'SQLITE_BUSY' }))).toBe('concurrent');
    expect(dbRefusalOf(new Error('plain'))).toBeNull();

    let runs = 0;
    const lost = Object.assign(new Error('could not serialize access'), { code: '40001' });
    const result = await inTransaction(db, async () => {
      runs += 1;
      if (runs < 3) throw lost;
      return 'done';
    });
    expect({ result, runs }).toEqual({ result: 'done', runs: 3 });
    runs = 0;
    await expect(
      inTransaction(db, async () => {
        runs += 1;
        throw lost;
      }),
    ).rejects.toBe(lost);
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      inTransaction(db, async () => {
        runs += 1;
        throw missingTable;
      }),
    ).rejects.toBe(missingTable);
    expect(runs).toBe(1);
  });
});

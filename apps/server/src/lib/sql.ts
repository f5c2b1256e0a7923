/** SQL helpers every module shares; portable between SQLite (better-sqlite3) and PostgreSQL (pg). */
import type { Kysely } from 'kysely';

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/**
 * True for a unique-constraint violation, by the driver's error code: PostgreSQL `23505`,
 * better-sqlite3 `SQLITE_CONSTRAINT_UNIQUE` (or `…_PRIMARYKEY` for a duplicate key).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Database refusals that are about the data or a concurrent writer, not a broken server:
 * - `unique` — a row with that key exists (PostgreSQL 23505, SQLite …_UNIQUE/_PRIMARYKEY);
 * - `foreignKey` — a referenced row is gone, or a row is still referenced (23503, …_FOREIGNKEY);
 * - `check` — a CHECK or NOT NULL rule refused a value (23514, 23502, …_CHECK, …_NOTNULL);
 * - `concurrent` — the transaction lost to another one: PostgreSQL serialization failure 40001 or
 *   deadlock victim 40P01; SQLite still locked after the busy timeout (SQLITE_BUSY…).
 * Anything else (a missing table, a lost connection, a bad query) is null: a real 500.
 */
export type DbRefusal = 'unique' | 'foreignKey' | 'check' | 'concurrent';

export function dbRefusalOf(error: unknown): DbRefusal | null {
  if (isUniqueViolation(error)) return 'unique';
  const code = codeOf(error);
  if (typeof code !== 'string') return null;
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreignKey';
  if (
    code === '23514' ||
    code === '23502' ||
    code === 'SQLITE_CONSTRAINT_CHECK' ||
    code === 'SQLITE_CONSTRAINT_NOTNULL'
  )
    return 'check';
  if (code === '40001' || code === '40P01' || code.startsWith('SQLITE_BUSY')) return 'concurrent';
  return null;
}

/** Attempts of `inTransaction` before a lost race is answered (409). */
const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction, again (up to 3 times) when the database aborted it as the loser
 * of a race: a PostgreSQL deadlock victim or serialization failure. The work must decide from
 * what it reads and writes inside the transaction (guarded updates), so a rerun sees the winner's
 * changes. What is still lost after the last attempt reaches the envelope as 409.
 */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = codeOf(error);
      if (attempt >= TRANSACTION_ATTEMPTS || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

/**
 * Escapes LIKE's wildcards in user text, with `\` as the escape character: use the result with
 * `like … escape '\'` (SQLite has no default escape character).
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: matches values containing the user's text literally. */
export const likeContains = (text: string): string => `%${escapeLike(text)}%`;

/** `text%`: matches values starting with the user's text literally. */
export const likePrefix = (text: string): string => `${escapeLike(text)}%`;

/** A comma-separated list column (MSC codes, research fields) as its values. */
export const codesOf = (text: string): string[] => text.split(',').filter(Boolean);

/** SQL helpers every module shares; portable between SQLite (better-sqlite3) and PostgreSQL (pg). */

/**
 * True for a unique-constraint violation, by the driver's error code: PostgreSQL `23505`,
 * better-sqlite3 `SQLITE_CONSTRAINT_UNIQUE` (or `…_PRIMARYKEY` for a duplicate key).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
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

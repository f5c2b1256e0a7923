import { STATUS } from '@mathbridge/contracts/api';
import type { Page, PageQuery } from '@mathbridge/contracts/pagination';
import { INT_MAX } from '@mathbridge/contracts/validation';
import { AppError } from './errors.ts';

/** Offset paging (`page` from 1, `page_size`) and keyset cursors, the two ways lists page. */

/** The rows a page skips: `(page - 1) × page_size`. */
export const offsetOf = (query: PageQuery): number => (query.page - 1) * query.page_size;

/** One page of a list, in the shape every offset-paged call answers. */
export function pageOf<T>(query: PageQuery, items: T[], total: number): Page<T> {
  return { items, total, page: query.page, page_size: query.page_size };
}

/** Keyset cursors: opaque base64url of [sort key, id]. */
export function encodeCursor(value: string | number | null, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** What a list sorts by: text (timestamps, dates) or an integer column (budgets). */
export type CursorKey = 'text' | 'integer';

/** Longest cursor we hand out is about 80 characters; the contracts allow 200. */
const CURSOR_MAX_LENGTH = 200;
const SORT_TEXT_MAX_LENGTH = 100;

/**
 * The [sort key, id] a cursor carries, or null when it is not one of ours: anything but
 * base64url of a two-element array whose id is a row id (1 … INT_MAX) and whose key has the
 * list's type (text without NUL, or an integer in the column's range). A tampered cursor must
 * never reach SQL as a value its column cannot hold (PostgreSQL would fail the query).
 */
export function decodeCursor(cursor: string, key: CursorKey = 'text'): [string | number, number] | null {
  if (cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [value, id] = parsed as unknown[];
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT_MAX) return null;
  if (key === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > INT_MAX) return null;
  } else if (typeof value !== 'string' || value.length > SORT_TEXT_MAX_LENGTH || value.includes('\u0000')) {
    return null;
  }
  return [value, id];
}

/** The position a list continues after: null for the first page; 400 for a cursor that is not ours. */
export function cursorAfter(cursor: string | undefined, key: CursorKey = 'text'): [string | number, number] | null {
  if (!cursor) return null;
  const after = decodeCursor(cursor, key);
  if (!after) throw new AppError(STATUS.invalid, 'errors.badCursor');
  return after;
}

/**
 * One keyset page from `pageSize + 1` rows read past the cursor: the page, and the cursor of its
 * last row when the extra row shows there is more.
 */
export function keysetPage<T extends { id: number }>(
  rows: T[],
  pageSize: number,
  sortKeyOf: (row: T) => string | number | null,
): { page: T[]; next_cursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return { page, next_cursor: rows.length > pageSize && last ? encodeCursor(sortKeyOf(last), last.id) : null };
}

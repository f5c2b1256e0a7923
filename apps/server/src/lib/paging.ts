import { STATUS } from '@mathbridge/contracts/api';
import type { Page, PageQuery } from '@mathbridge/contracts/pagination';
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

/** The [sort key, id] a cursor carries, or null when it is not one of ours. */
export function decodeCursor(cursor: string): [string | number, number] | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed as unknown[];
    if ((typeof value !== 'string' && typeof value !== 'number') || typeof id !== 'number' || !Number.isInteger(id))
      return null;
    return [value, id];
  } catch {
    return null;
  }
}

/** The position a list continues after: null for the first page; 400 for a cursor that is not ours. */
export function cursorAfter(cursor: string | undefined): [string | number, number] | null {
  if (!cursor) return null;
  const after = decodeCursor(cursor);
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

import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import type { ValidationKey } from './messages.ts';
import { INT_MAX } from './validation.ts';

const key = (k: ValidationKey) => k;

/** `page` (from 1) and `page_size` (1–MAX_PAGE_SIZE) of every paginated list; GET sends them as text. */
export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ error: key('validation.integer') })
    .int(key('validation.integer'))
    .min(1, key('validation.positive'))
    .max(INT_MAX, key('validation.invalid'))
    .default(1),
  page_size: z.coerce
    .number({ error: key('validation.integer') })
    .int(key('validation.integer'))
    .min(1, key('validation.positive'))
    .max(MAX_PAGE_SIZE, key('validation.invalid'))
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The result of every paginated list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** The schema of a `Page` of `item`s. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

/** A calendar date `YYYY-MM-DD` (date-range filters); read as a day in China Standard Time. */
export const DateSchema = z
  .string({ error: key('validation.date') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, key('validation.date'))
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: key('validation.date'),
    },
  );

/** The platform's business day is China Standard Time (UTC+8), whatever the server's zone. */
export const BUSINESS_UTC_OFFSET = '+08:00';

/** ISO instants bounding a `[from, to]` range of calendar days (to inclusive) in China Standard Time. */
export function dayRange(from?: string, to?: string): { from?: string; before?: string } {
  const out: { from?: string; before?: string } = {};
  if (from) out.from = new Date(`${from}T00:00:00${BUSINESS_UTC_OFFSET}`).toISOString();
  if (to) out.before = new Date(Date.parse(`${to}T00:00:00${BUSINESS_UTC_OFFSET}`) + 86_400_000).toISOString();
  return out;
}

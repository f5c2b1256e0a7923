import type { Locale } from '@mathbridge/contracts/locales';

/**
 * Dates, times, sizes and money in the reader's language, the one place the web app formats them.
 * Everything is built on `Intl` (no locale data to ship) and the formatters are kept per locale,
 * since building one costs more than using it and tables format a column of them.
 */

/**
 * How a moment is written: `medium` for detail pages and lists ('2026年11月23日 08:25'),
 * `numeric` for dense tables ('2026/11/23 08:25'), `precise` where seconds matter (the audit
 * log), `long` in a sentence ('November 23, 2026 at 8:25 AM').
 */
export type DateTimeStyle = 'medium' | 'numeric' | 'precise' | 'long';

const DATE_TIME_OPTIONS: Record<DateTimeStyle | 'date' | 'month' | 'day', Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false },
  precise: { dateStyle: 'short', timeStyle: 'medium' },
  long: { dateStyle: 'long', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  month: { year: 'numeric', month: 'short' },
  // A business day is stored as YYYY-MM-DD: read and written in UTC so no time zone shifts it.
  day: { dateStyle: 'medium', timeZone: 'UTC' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, style: keyof typeof DATE_TIME_OPTIONS): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_TIME_OPTIONS[style]);
    dateFormats.set(key, format);
  }
  return format;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment in the reader's language and time zone; '' when there is none, the text itself when it is no date. */
export function formatDateTime(
  iso: string | null | undefined,
  locale: Locale,
  style: DateTimeStyle = 'medium',
): string {
  if (!iso) return '';
  const date = parse(iso);
  return date ? dateFormat(locale, style).format(date) : iso;
}

/** The calendar date of a moment in the reader's language. */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = parse(iso);
  return date ? dateFormat(locale, 'date').format(date) : iso;
}

/** A `YYYY-MM-DD` business day (a deadline) as the reader writes dates, with no time-zone shift. */
export function formatDay(day: string | null | undefined, locale: Locale): string {
  if (!day) return '';
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return day;
  return dateFormat(locale, 'day').format(new Date(Date.UTC(y, m - 1, d)));
}

/** The month something happened ('Nov 2026', '2026年11月'); '' when it is no date. */
export function formatMonth(iso: string, locale: Locale): string {
  const date = parse(iso);
  return date ? dateFormat(locale, 'month').format(date) : '';
}

/** Spec §9's relative time units, largest first, with their length in seconds. */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: Locale, numeric: 'always' | 'auto'): Intl.RelativeTimeFormat {
  const key = `${locale}|${numeric}`;
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric });
    relativeFormats.set(key, format);
  }
  return format;
}

/**
 * How long ago (or until) a moment is, in the largest of spec §9's units that fits: '5分钟前',
 * '3 小時前', '2 weeks ago'; under a minute it is 'now' ('现在'). Counts are whole units, rounded
 * towards the moment ('59 minutes ago' until the hour is complete).
 */
export function formatRelativeTime(iso: string, locale: Locale, now = Date.now()): string {
  const date = parse(iso);
  if (!date) return iso;
  const seconds = (date.getTime() - now) / 1000;
  for (const [unit, length] of RELATIVE_UNITS) {
    const count = Math.trunc(seconds / length);
    if (count !== 0) return relativeFormat(locale, 'always').format(count, unit);
  }
  return relativeFormat(locale, 'auto').format(0, 'second');
}

/** Days from now until a moment, rounded up ('in 30 days' right after deleting; 0 once it is due). */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes for people: '812 KB', '1.5 MB', '1 GB' (binary multiples, as the server's limits are). */
export function formatBytes(bytes: number, locale: Locale): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${BYTE_UNITS[unit]}`;
}

/** Whole yuan with grouping in the reader's language (budgets, cost estimates); the unit is in the sentence. */
export function formatYuan(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

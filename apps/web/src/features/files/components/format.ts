import type { Locale } from '@mathbridge/contracts/locales';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes for people: '812 KB', '1.5 MB', '1 GB' (binary multiples, as the server's limits are). */
export function formatBytes(bytes: number, locale: Locale): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A timestamp in the UI's locale and the viewer's time zone. */
export function formatDateTime(iso: string, locale: Locale): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    dateTimeFormats.set(locale, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format.format(date);
}

/** Days from now until a moment, rounded up ('in 30 days' right after deleting; 0 once it is due). */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}

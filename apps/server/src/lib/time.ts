/** Timestamps are stored as ISO 8601 UTC text: portable across SQLite and PostgreSQL, and sortable. */
export const nowIso = (): string => new Date().toISOString();
export const isoAfter = (seconds: number, from = Date.now()): string => new Date(from + seconds * 1000).toISOString();
export const isoBefore = (seconds: number, from = Date.now()): string => new Date(from - seconds * 1000).toISOString();

import type { FieldError } from './validation.ts';

/** Envelope statuses (spec §8, DESIGN §3). Application outcomes always travel with HTTP 200. */
export const STATUS = {
  ok: 200,
  sessionSuperseded: 301,
  forbidden: 304,
  notLoggedIn: 305,
  invalid: 400,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  wrongType: 415,
  rateLimited: 429,
  internal: 500,
  /**
   * Something the call needs cannot be reached right now: the database (a restart, a failover; readiness
   * says 503 meanwhile) or WeChat's API (an outage). Nothing was done; try again shortly.
   */
  unavailable: 503,
  /** The server's storage is full (a write failed for lack of space); nothing was kept. */
  storageFull: 507,
} as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  result: T;
}

/** `result` of a 400 answer. */
export interface InvalidResult {
  errors: FieldError[];
}

/** Query flags of the /404 screen (spec §2, §8 status 304). */
export const NOT_FOUND_FLAGS = { disableBack: 'disableBack', enableWorkspace: 'enableWorkspace' } as const;

export const API_PREFIX = '/api';

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Scheduler } from './lib/scheduler.ts';
import type { FileStorage } from './lib/storage.ts';
import type { Delivery } from './modules/platform/delivery.ts';

/** What every module needs, built once in app.ts and handed to each module's routes. */
export interface AppContext {
  config: Config;
  db: Db;
  limiter: RateLimiter;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Where modules register background jobs (lib/scheduler.ts). */
  scheduler: Scheduler;
  /** Code and notice delivery (modules/platform/delivery-dispatcher.ts): which channels can send, and the nudge after queueing. */
  delivery: Delivery;
}

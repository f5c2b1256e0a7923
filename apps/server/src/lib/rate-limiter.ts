import { STATUS } from '@mathbridge/contracts/api';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from './errors.ts';

export interface Reservation {
  /** Whether this call got one of the window's units: act only when it did. */
  allowed: boolean;
  /** Units reserved in the current window, this one included (refused calls count too). */
  count: number;
  /** Seconds until the window ends. */
  retryAfterS: number;
}

/**
 * Budgets of `max` units over windows that open at the first reservation and close `windowS`
 * later. `consume` reserves a unit BEFORE the caller acts, in one atomic step (DESIGN §8): of any
 * number of concurrent callers exactly `max` are allowed, so a limit never depends on reading a
 * count and writing it later. The database implementation serves one instance (SQLite or
 * PostgreSQL, the statement is the same); Redis is shared by every API instance (DESIGN §2).
 */
export interface RateLimiter {
  consume(key: string, max: number, windowS: number): Promise<Reservation>;
  /**
   * Gives back one unit an allowed `consume` took, e.g. when the password turned out right; never
   * below zero. Refused calls keep counting, so a burst cannot be rewarded back under the limit.
   */
  reward(key: string): Promise<void>;
  /** Restarts the window from now (a lock-out lasts a full window after the last failure). */
  extend(key: string, windowS: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const secondsLeft = (expiresAtMs: number, now: number) => Math.max(1, Math.ceil((expiresAtMs - now) / 1000));

export class DbRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  async consume(key: string, max: number, windowS: number): Promise<Reservation> {
    const now = Date.now();
    const expires = now + windowS * 1000;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, expires_at: expires })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.expires_at <= ${now} then 1 else rate_limits.count + 1 end`,
          expires_at: sql<number>`case when rate_limits.expires_at <= ${now} then ${expires} else rate_limits.expires_at end`,
        }),
      )
      .returning(['count', 'expires_at'])
      .executeTakeFirstOrThrow();
    const count = Number(row.count);
    return { allowed: count <= max, count, retryAfterS: secondsLeft(Number(row.expires_at), now) };
  }

  async reward(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('expires_at', '>', Date.now())
      .execute();
  }

  async extend(key: string, windowS: number): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ expires_at: Date.now() + windowS * 1000 })
      .where('key', '=', key)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Deletes expired counters (dead weight): a background job (app.ts), not the hot path. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('expires_at', '<=', Date.now()).execute();
  }

  async close(): Promise<void> {}
}

// DECR keeps the key's expiry; a missing or zero key is left alone (DECR would create -1 for ever).
const REWARD_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Redis gone (issue 14): limits fail closed. A call that needs a reservation (sign-in, codes,
 * registration, certificate uploads) is refused with 429 and a message that says the service is
 * briefly unavailable, never let through unlimited and never a 500; giving a unit back (`reward`,
 * `reset`) is best effort. Nothing that only reads depends on Redis, so reads go on.
 */
const unavailable = () => new AppError(STATUS.rateLimited, 'errors.limitsUnavailable');

/** How often a lost Redis connection is logged (ioredis retries every few hundred ms). */
const ERROR_LOG_EVERY_MS = 30_000;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private lastErrorLog = 0;

  constructor(
    url: string,
    private readonly prefix = 'mb:rl:',
    private readonly log?: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.redis.on('error', (error) => {
      if (Date.now() - this.lastErrorLog < ERROR_LOG_EVERY_MS) return;
      this.lastErrorLog = Date.now();
      this.log?.error({ err: error }, 'rate limits: Redis unreachable; sign-in and codes are refused until it is back');
    });
  }

  async consume(key: string, max: number, windowS: number): Promise<Reservation> {
    try {
      return await this.reserve(key, max, windowS);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable();
    }
  }

  private async reserve(key: string, max: number, windowS: number): Promise<Reservation> {
    const k = this.prefix + key;
    // NX: only the first hit of a window sets its end.
    const replies = await this.redis
      .multi()
      .incr(k)
      .pexpire(k, windowS * 1000, 'NX')
      .pttl(k)
      .exec();
    const count = Number(replies?.[0]?.[1] ?? 1);
    const ttl = Number(replies?.[2]?.[1] ?? windowS * 1000);
    return { allowed: count <= max, count, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async reward(key: string): Promise<void> {
    await this.redis.eval(REWARD_SCRIPT, 1, this.prefix + key).catch(() => undefined);
  }

  async extend(key: string, windowS: number): Promise<void> {
    await this.redis.pexpire(this.prefix + key, windowS * 1000).catch(() => {
      throw unavailable();
    });
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

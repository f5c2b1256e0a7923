import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfterS: number;
}

/**
 * Counters over windows that open at the first hit and close `windowS` later. The database
 * implementation serves one instance; Redis is shared by every API instance (DESIGN §2).
 */
export interface RateLimiter {
  hit(key: string, windowS: number): Promise<Hit>;
  /** The current window's count without adding to it. */
  peek(key: string): Promise<Hit>;
  /** Restarts the window from now (a lock-out lasts a full window after the last failure). */
  extend(key: string, windowS: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const secondsLeft = (expiresAtMs: number, now: number) => Math.max(1, Math.ceil((expiresAtMs - now) / 1000));

export class DbRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowS: number): Promise<Hit> {
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
    return { count: Number(row.count), retryAfterS: secondsLeft(Number(row.expires_at), now) };
  }

  async peek(key: string): Promise<Hit> {
    const now = Date.now();
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'expires_at'])
      .where('key', '=', key)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row
      ? { count: Number(row.count), retryAfterS: secondsLeft(Number(row.expires_at), now) }
      : { count: 0, retryAfterS: 0 };
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

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'mb:rl:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async hit(key: string, windowS: number): Promise<Hit> {
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
    return { count, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async peek(key: string): Promise<Hit> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    if (count === null || ttl <= 0) return { count: 0, retryAfterS: 0 };
    return { count: Number(count), retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async extend(key: string, windowS: number): Promise<void> {
    await this.redis.pexpire(this.prefix + key, windowS * 1000);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

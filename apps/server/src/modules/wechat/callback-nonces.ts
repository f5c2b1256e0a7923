import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The signed callbacks (timestamp + nonce) already taken, each kept until its signature can no
 * longer be accepted. WeChat's signature covers the token, timestamp and nonce but not the body,
 * so without this a captured query could carry any event for 5 minutes, and every retry of a
 * delivery would be acted on again.
 */
export interface CallbackNonces {
  /**
   * True for the first delivery of this (timestamp, nonce), false for a replay; kept until
   * `untilMs`. Throws when the store cannot tell (Redis down, memory full): nothing is acted on then.
   */
  claim(timestamp: string, nonce: string, untilMs: number): Promise<boolean>;
  /** Gives a claim back after its delivery failed, so WeChat's retry of it is acted on. */
  release(timestamp: string, nonce: string): Promise<void>;
  close(): Promise<void>;
}

/** Most nonces one instance keeps without Redis: 5 minutes of ~330 callbacks a second, a few MB. */
export const MEMORY_NONCES_MAX = 100_000;

const keyOf = (timestamp: string, nonce: string) => `${timestamp}:${nonce}`;

/** One instance's nonces (no REDIS_URL): a bounded map, each entry dropped when its window ends. */
export class MemoryCallbackNonces implements CallbackNonces {
  /** key → end of its window (ms); insertion order is roughly expiry order, so sweeps start at the front. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly max = MEMORY_NONCES_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.seen.size;
  }

  // Checked and set with no await between: parallel deliveries cannot both win.
  claim(timestamp: string, nonce: string, untilMs: number): Promise<boolean> {
    const now = this.now();
    this.sweepFront(now);
    const key = keyOf(timestamp, nonce);
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return Promise.resolve(false);
    if (this.seen.size >= this.max) this.sweepAll(now);
    // Refused rather than forgetting a live nonce, which would let its replay through.
    if (this.seen.size >= this.max) return Promise.reject(new Error('wechat callback nonces: memory full'));
    this.seen.delete(key);
    this.seen.set(key, untilMs);
    return Promise.resolve(true);
  }

  release(timestamp: string, nonce: string): Promise<void> {
    this.seen.delete(keyOf(timestamp, nonce));
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.seen.clear();
    return Promise.resolve();
  }

  /** Drops expired entries from the front, stopping at the first live one (cheap, every claim). */
  private sweepFront(now: number): void {
    for (const [key, until] of this.seen) {
      if (until > now) return;
      this.seen.delete(key);
    }
  }

  private sweepAll(now: number): void {
    for (const [key, until] of this.seen) if (until <= now) this.seen.delete(key);
  }
}

/** How often a lost Redis connection is logged (ioredis retries every few hundred ms). */
const ERROR_LOG_EVERY_MS = 30_000;

/**
 * Nonces shared by every instance (REDIS_URL): `SET key NX PX` under REDIS_PREFIX, so one delivery
 * wins wherever the balancer sends its copies, and Redis forgets it when its window ends.
 */
export class RedisCallbackNonces implements CallbackNonces {
  private readonly redis: Redis;
  private lastErrorLog = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.on('error', (error) => {
      if (Date.now() - this.lastErrorLog < ERROR_LOG_EVERY_MS) return;
      this.lastErrorLog = Date.now();
      this.log?.error({ err: error }, 'wechat callback: Redis unreachable; callbacks are refused until it is back');
    });
  }

  async claim(timestamp: string, nonce: string, untilMs: number): Promise<boolean> {
    const ttlMs = Math.max(1, Math.ceil(untilMs - Date.now()));
    return (await this.redis.set(this.prefix + keyOf(timestamp, nonce), '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async release(timestamp: string, nonce: string): Promise<void> {
    await this.redis.del(this.prefix + keyOf(timestamp, nonce)).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** In Redis when REDIS_URL is set (shared by the instances), else in this process's memory. */
export function createCallbackNonces(
  options: { redisUrl?: string; redisPrefix: string; appId: string },
  log?: FastifyBaseLogger,
): CallbackNonces {
  return options.redisUrl
    ? new RedisCallbackNonces(options.redisUrl, `${options.redisPrefix}wechat:${options.appId}:callback-nonce:`, log)
    : new MemoryCallbackNonces();
}

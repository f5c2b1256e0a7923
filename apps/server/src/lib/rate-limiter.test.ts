import { describe, expect, it } from 'vitest';
import { RedisRateLimiter } from './rate-limiter.ts';

/** The shared limiter of multi-instance deployments, against the real Redis of TEST_REDIS_URL. */
const url = process.env.TEST_REDIS_URL;
// Redis is independent of the database under test: vitest.config.ts runs this file in server-sqlite only.
if (!url) {
  if (process.env.REQUIRE_ALL === '1') throw new Error('REQUIRE_ALL=1 but TEST_REDIS_URL is not set');
  console.warn('\n*** TEST_REDIS_URL is not set; the Redis rate-limiter suite is SKIPPED ***\n');
}

(url ? describe : describe.skip)('Redis rate limiter', () => {
  it('counts hits in a window that opens at the first hit, and resets', async () => {
    const limiter = new RedisRateLimiter(url ?? '', `mb:test:${process.pid}:${Date.now()}:`);
    try {
      expect(await limiter.peek('k')).toEqual({ count: 0, retryAfterS: 0 });
      expect((await limiter.hit('k', 60)).count).toBe(1);
      const second = await limiter.hit('k', 60);
      expect(second.count).toBe(2);
      expect(second.retryAfterS).toBeGreaterThan(55);
      expect((await limiter.peek('k')).count).toBe(2);
      await limiter.extend('k', 900);
      expect((await limiter.peek('k')).retryAfterS).toBeGreaterThan(890);
      await limiter.reset('k');
      expect((await limiter.peek('k')).count).toBe(0);
    } finally {
      await limiter.close();
    }
  });

  it('lets a window expire', async () => {
    const limiter = new RedisRateLimiter(url ?? '', `mb:test:${process.pid}:${Date.now()}:b:`);
    try {
      await limiter.hit('k', 1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await limiter.hit('k', 1)).count).toBe(1);
    } finally {
      await limiter.close();
    }
  });
});

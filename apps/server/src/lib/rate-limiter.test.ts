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
  const prefix = (name: string) => `mb:test:${process.pid}:${Date.now()}:${name}:`;

  it('reserves units in a window that opens at the first reservation; reward gives one back; reset clears', async () => {
    const limiter = new RedisRateLimiter(url ?? '', prefix('a'));
    try {
      expect(await limiter.consume('k', 2, 60)).toMatchObject({ allowed: true, count: 1 });
      expect(await limiter.consume('k', 2, 60)).toMatchObject({ allowed: true, count: 2 });
      await limiter.reward('k');
      expect(await limiter.consume('k', 2, 60)).toMatchObject({ allowed: true, count: 2 });
      const refused = await limiter.consume('k', 2, 60);
      expect(refused).toMatchObject({ allowed: false, count: 3 });
      expect(refused.retryAfterS).toBeGreaterThan(55);
      await limiter.extend('k', 900);
      expect((await limiter.consume('k', 2, 60)).retryAfterS).toBeGreaterThan(890);
      await limiter.reset('k');
      expect(await limiter.consume('k', 2, 60)).toMatchObject({ allowed: true, count: 1 });
      // A reward for a key with nothing reserved leaves nothing behind (no negative count without expiry).
      await limiter.reward('none');
      expect(await limiter.consume('none', 1, 60)).toMatchObject({ allowed: true, count: 1 });
    } finally {
      await limiter.close();
    }
  });

  it('of 100 concurrent reservations against a budget of 5, exactly 5 are allowed', async () => {
    const limiter = new RedisRateLimiter(url ?? '', prefix('b'));
    try {
      const results = await Promise.all(Array.from({ length: 100 }, () => limiter.consume('burst', 5, 60)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    } finally {
      await limiter.close();
    }
  });

  it('lets a window expire', async () => {
    const limiter = new RedisRateLimiter(url ?? '', prefix('c'));
    try {
      await limiter.consume('k', 1, 1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await limiter.consume('k', 1, 1)).toMatchObject({ allowed: true, count: 1 });
    } finally {
      await limiter.close();
    }
  });
});

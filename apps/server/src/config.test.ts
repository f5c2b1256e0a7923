import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      redisUrl: undefined,
      production: false,
      adminPhone: '13800000000',
    });
    expect(config.limits).toEqual({ registrationsPerIpHour: 10, codesPerIpHour: 30, loginFailuresPerIpHour: 50 });
  });

  it('keeps the short caches for 2 s, with Redis too (writes are announced between instances), as CACHE_MS says', () => {
    expect(loadConfig({}).cacheMs).toBe(2000);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).cacheMs).toBe(2000);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', CACHE_MS: '1000' }).cacheMs).toBe(1000);
    expect(loadConfig({ CACHE_MS: '0' }).cacheMs).toBe(0);
    expect(loadConfig({ CACHE_MS: 'soon' }).cacheMs).toBe(2000);
  });

  it('lets an operator raise the per-IP caps, and ignores values that are not positive integers', () => {
    expect(
      loadConfig({ REGISTRATIONS_PER_IP_HOUR: '200', CODES_PER_IP_HOUR: '500', LOGIN_FAILURES_PER_IP_HOUR: '400' })
        .limits,
    ).toEqual({ registrationsPerIpHour: 200, codesPerIpHour: 500, loginFailuresPerIpHour: 400 });
    expect(
      loadConfig({ REGISTRATIONS_PER_IP_HOUR: '-1', CODES_PER_IP_HOUR: 'lots', LOGIN_FAILURES_PER_IP_HOUR: '0' })
        .limits,
    ).toEqual({ registrationsPerIpHour: 10, codesPerIpHour: 30, loginFailuresPerIpHour: 50 });
  });

  it('reads TRUST_PROXY as a number of proxy hops or a list of proxy addresses; true means one hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Tables, WriteObserver } from '../db/short-cache.ts';

/**
 * Cache invalidation between API instances (issue 14, DESIGN §14): each instance announces the
 * tables it wrote on one Redis pub/sub channel (`<REDIS_PREFIX>cache`), and every other instance
 * drops the short caches read from them (db/short-cache.ts), so a logout, a new sign-in or an
 * approved certification on one instance holds on the next request to any other, with CACHE_MS on.
 * Pub/sub delivers at most once: when the subscription was lost and comes back, an instance drops
 * all its caches, since it may have missed announcements; CACHE_MS bounds what it could have
 * missed while the connection was down.
 */
export class RedisCacheBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly self = randomUUID();
  private subscribedOnce = false;

  constructor(url: string, prefix: string, observer: WriteObserver, log: FastifyBaseLogger) {
    this.channel = `${prefix}cache`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url);
    this.subscriber.on('ready', () => {
      void this.subscriber.subscribe(this.channel).then(
        () => {
          if (this.subscribedOnce) observer.writtenElsewhere('all');
          this.subscribedOnce = true;
        },
        (error: unknown) => log.error({ err: error }, 'cache bus: subscribe failed'),
      );
    });
    // ioredis reconnects by itself; say so once in a while, not at every attempt.
    let lastErrorLog = 0;
    const onError = (error: Error) => {
      if (Date.now() - lastErrorLog < 30_000) return;
      lastErrorLog = Date.now();
      log.warn({ err: error }, 'cache bus: Redis unreachable; other instances are seen after CACHE_MS');
    };
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (_channel, message: string) => {
      try {
        const { from, tables } = JSON.parse(message) as { from: string; tables: Tables };
        if (from !== this.self) observer.writtenElsewhere(tables);
      } catch (error) {
        log.warn({ err: error }, 'cache bus: unreadable announcement');
      }
    });
    observer.announceTo((tables) => {
      this.publisher
        .publish(this.channel, JSON.stringify({ from: this.self, tables }))
        .catch((error: unknown) => log.warn({ err: error }, 'cache bus: announcement not sent'));
    });
  }

  /** Resolves once this instance listens to the others' announcements, or after `ms` (false). */
  async ready(ms = 5_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.subscribedOnce && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.subscribedOnce;
  }

  async close(): Promise<void> {
    await Promise.allSettled(
      [this.subscriber, this.publisher].map((redis) => redis.quit().catch(() => redis.disconnect())),
    );
  }
}

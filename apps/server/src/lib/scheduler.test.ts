import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { describeApi, useTestApp } from '../test/harness.ts';
import { takeLease } from './scheduler.ts';

const HOUR_MS = 60 * 60 * 1000;

describeApi('background jobs (one run per period across instances)', () => {
  const first = useTestApp();
  // A second instance of the app over the same database (same SQLite file / PostgreSQL schema).
  let second: { app: FastifyInstance; ctx: AppContext };
  beforeAll(async () => {
    second = await buildApp(first().ctx.config);
  });
  afterAll(async () => {
    await second?.app.close();
  });

  /** Registers a counting job under `name` on both instances; answers the counter. */
  function countingJob(name: string): { runs: number } {
    const counter = { runs: 0 };
    for (const ctx of [first().ctx, second.ctx]) {
      ctx.scheduler.registerJob({
        name,
        everyMs: HOUR_MS,
        run: async () => {
          counter.runs += 1;
        },
      });
    }
    return counter;
  }

  it('registers the modules’ jobs', () => {
    expect(first().ctx.scheduler.jobNames()).toEqual(
      expect.arrayContaining(['files.trash-sweep', 'user.sessions-purge', 'user.verify-codes-purge']),
    );
  });

  it('runs a job on exactly one of two instances per period, however often both fire it at once', async () => {
    const counter = countingJob('test.once-per-period');
    const fireAll = (now: number) =>
      Promise.all(
        Array.from({ length: 20 }, () => [
          first().ctx.scheduler.tryRun('test.once-per-period', now),
          second.ctx.scheduler.tryRun('test.once-per-period', now),
        ]).flat(),
      );
    const t0 = Date.now();
    expect((await fireAll(t0)).filter(Boolean)).toHaveLength(1);
    expect(counter.runs).toBe(1);
    expect((await fireAll(t0 + HOUR_MS / 2)).filter(Boolean)).toHaveLength(0);
    expect(counter.runs).toBe(1);
    expect((await fireAll(t0 + HOUR_MS)).filter(Boolean)).toHaveLength(1);
    expect(counter.runs).toBe(2);
    expect((await fireAll(t0 + HOUR_MS + 1000)).filter(Boolean)).toHaveLength(0);
    expect(counter.runs).toBe(2);
  });

  it('lets another instance take over when the holder’s lease expires', async () => {
    const counter = countingJob('test.takeover');
    const a = first().ctx.scheduler;
    const b = second.ctx.scheduler;
    const t0 = Date.now();
    expect(await a.tryRun('test.takeover', t0)).toBe(true);
    // The holder dies here: it never runs the job again. While its lease lasts nobody else may.
    expect(await b.tryRun('test.takeover', t0 + HOUR_MS - 1000)).toBe(false);
    expect(await b.tryRun('test.takeover', t0 + HOUR_MS)).toBe(true);
    expect(counter.runs).toBe(2);
    const lease = await first()
      .ctx.db.selectFrom('job_leases')
      .selectAll()
      .where('name', '=', 'test.takeover')
      .executeTakeFirstOrThrow();
    expect(lease.holder).toBe(b.holder);
    expect(lease.expires_at).toBe(new Date(t0 + 2 * HOUR_MS).toISOString());
  });

  it('takes a lease with one conditional write: free or expired only', async () => {
    const db = first().ctx.db;
    const t0 = Date.now();
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) => takeLease(db, 'test.lease', `holder-${i}`, t0, 60_000)),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
    expect(await takeLease(db, 'test.lease', 'late', t0 + 59_999, 60_000)).toBe(false);
    expect(await takeLease(db, 'test.lease', 'late', t0 + 60_000, 60_000)).toBe(true);
  });

  it('logs a failed run and runs the job again next period', async () => {
    let calls = 0;
    first().ctx.scheduler.registerJob({
      name: 'test.failing',
      everyMs: HOUR_MS,
      run: async () => {
        calls += 1;
        throw new Error('boom');
      },
    });
    const t0 = Date.now();
    expect(await first().ctx.scheduler.tryRun('test.failing', t0)).toBe(true);
    expect(await first().ctx.scheduler.tryRun('test.failing', t0 + HOUR_MS)).toBe(true);
    expect(calls).toBe(2);
  });
  it('tries a long job’s lease at most once a minute on an instance, though the tick follows the 5 s outbox', async () => {
    const scheduler = first().ctx.scheduler;
    let runs = 0;
    scheduler.registerJob({
      name: 'test.hourly',
      everyMs: HOUR_MS,
      run: async () => {
        runs += 1;
      },
    });
    const freeLease = () => first().ctx.db.deleteFrom('job_leases').where('name', '=', 'test.hourly').execute();
    const t0 = Date.now();
    expect(await scheduler.runDue(t0)).toContain('test.hourly');
    // The lease is free again (as if its holder had gone), but this instance does not look until a minute has passed.
    await freeLease();
    expect(await scheduler.runDue(t0 + 5_000)).not.toContain('test.hourly');
    expect(await scheduler.runDue(t0 + 55_000)).not.toContain('test.hourly');
    expect(await scheduler.runDue(t0 + 60_000)).toContain('test.hourly');
    expect(runs).toBe(2);
  });
});

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

/**
 * Background jobs. Modules register periodic tasks (`registerJob`) when the app is built; the app
 * starts the scheduler once it is ready and stops it on close. Every tick, each job is tried: an
 * instance runs it only after taking the job's lease in the database (`takeLease`: one atomic
 * conditional write), which then stays its own for the job's period. So however many instances
 * share the database, each period's run happens on exactly one of them, and when the holder dies
 * its lease simply expires and the next instance to tick takes over.
 *
 * A run should end well within its period (the lease is not renewed while it runs). Instances'
 * clocks are assumed to agree to within a few seconds (NTP), as the lease compares their times.
 */

export interface Job {
  /** Unique across the app, e.g. 'files.trash-sweep'; the lease's key. */
  name: string;
  /** At most one run per this many milliseconds, across all instances. */
  everyMs: number;
  run: () => Promise<unknown>;
}

/** How often an instance looks for jobs whose lease is free (at most; shorter periods tick faster). */
const TICK_MS = 60_000;

export class Scheduler {
  /** This instance, as written into the leases it holds. */
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, Promise<void>>();
  /**
   * When this instance next tries each job's lease: the tick follows the shortest period (the
   * outbox's 5 s), but a job of 10 minutes is not tried every 5 s (each try is a database write).
   */
  private readonly nextTry = new Map<string, number>();
  /** Runs of each job on this instance since it started, by outcome (/metrics). */
  readonly runs = new Map<string, { ok: number; failed: number }>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  registerJob(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    if (!(job.everyMs >= 1000)) throw new Error(`job ${job.name}: everyMs must be at least 1000`);
    this.jobs.set(job.name, job);
  }

  jobNames(): string[] {
    return [...this.jobs.keys()];
  }

  /** Starts ticking (the first tick comes one interval after start, not at once). */
  start(): void {
    if (this.timer || this.stopped || this.jobs.size === 0) return;
    const tickMs = Math.min(TICK_MS, ...[...this.jobs.values()].map((job) => job.everyMs));
    this.timer = setInterval(() => void this.runDue(), tickMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for runs in progress, so the database can close after it. */
  /** Jobs running on this instance now. */
  get active(): number {
    return this.running.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled(this.running.values());
  }

  /** Runs every job whose lease this instance takes at `now` (one tick); answers the names it ran. */
  async runDue(now = Date.now()): Promise<string[]> {
    const ran: string[] = [];
    await Promise.all(
      this.jobNames().map(async (name) => {
        if (now < (this.nextTry.get(name) ?? 0)) return;
        const job = this.jobs.get(name)!;
        this.nextTry.set(name, now + Math.min(job.everyMs, TICK_MS));
        if (await this.tryRun(name, now)) ran.push(name);
      }),
    );
    return ran;
  }

  /** Runs one job if this instance takes its lease at `now`; true when it ran (successfully or not). */
  async tryRun(name: string, now = Date.now()): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    if (this.stopped || this.running.has(job.name)) return false;
    let leased: boolean;
    try {
      leased = await takeLease(this.db, job.name, this.holder, now, job.everyMs);
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'job lease not taken: database error');
      return false;
    }
    if (!leased) return false;
    const counts = this.runs.get(job.name) ?? { ok: 0, failed: 0 };
    this.runs.set(job.name, counts);
    const run = job
      .run()
      .then(
        () => {
          counts.ok += 1;
        },
        (error: unknown) => {
          counts.failed += 1;
          this.log.error({ err: error, job: job.name }, 'background job failed');
        },
      )
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    await run;
    return true;
  }
}

/**
 * Takes the lease of job `name` for `forMs` from `now` if nobody holds it or the holder's lease has
 * expired: one INSERT … ON CONFLICT DO UPDATE … WHERE expires_at <= now, atomic on SQLite and
 * PostgreSQL (a racing writer waits for the row, then sees the new expiry and changes nothing).
 * RETURNING yields the row only when this call wrote it.
 */
export async function takeLease(db: Db, name: string, holder: string, now: number, forMs: number): Promise<boolean> {
  const acquiredAt = new Date(now).toISOString();
  const expiresAt = new Date(now + forMs).toISOString();
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, acquired_at: acquiredAt, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, acquired_at: acquiredAt, expires_at: expiresAt })
        .where('job_leases.expires_at', '<=', acquiredAt),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

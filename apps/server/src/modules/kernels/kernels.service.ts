import type { FastifyBaseLogger } from 'fastify';
import type { KernelConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { nowIso, isoBefore } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { kernelPolicy } from './kernels.policy.ts';
import type { JupyterSupervisor } from './supervisor.ts';

/**
 * The kernels of users (issue 12): one per user, reserved in `kernel_sessions` before Jupyter is
 * asked, so parallel starts give exactly one kernel on every database; a row whose kernel Jupyter
 * no longer knows (culled, died with its server) is dropped when it is next looked at or by the
 * sweep. Also the wall-clock watchdog, per kernel (`KernelWatch`).
 */

/** A Jupyter REST answer, passed on to the browser as it is (status and JSON body). */
export interface Upstream {
  status: number;
  body: unknown;
}

/** A start that never finished (the API died between reserving and asking Jupyter) is dropped after this. */
const PENDING_STALE_S = 120;

export class KernelService {
  private readonly watches = new Map<string, KernelWatch>();

  constructor(
    private readonly db: Db,
    readonly supervisor: JupyterSupervisor,
    readonly config: KernelConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls Jupyter's REST API with its token; null when Jupyter is not running. */
  async upstream(method: string, path: string, body?: unknown): Promise<Upstream | null> {
    const endpoint = this.supervisor.endpoint();
    if (!endpoint) return null;
    const headers: Record<string, string> = {};
    if (endpoint.token) headers.authorization = `token ${endpoint.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${endpoint.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  }

  /** The caller's kernel id, after checking Jupyter still has it (a stale row is dropped). */
  async kernelOf(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('kernel_sessions')
      .select(['kernel_id', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.kernel_id === null) {
      if (row.created_at < isoBefore(PENDING_STALE_S)) await this.dropRow(userId, null, row.created_at);
      return null;
    }
    const model = await this.upstream('GET', `/api/kernels/${encodeURIComponent(row.kernel_id)}`);
    if (model && model.status === 404) {
      await this.dropRow(userId, row.kernel_id);
      return null;
    }
    return row.kernel_id;
  }

  /**
   * True when the caller may `action` the kernel `kernelId` (kernelPolicy: its holder, as the row
   * says; Jupyter is asked by the caller's request). A kernel no row holds is no one's.
   */
  async owns(userId: number, kernelId: string, action: 'use' | 'stop' = 'use'): Promise<boolean> {
    const session = await this.db
      .selectFrom('kernel_sessions')
      .select('user_id')
      .where('kernel_id', '=', kernelId)
      .executeTakeFirst();
    return session !== undefined && kernelPolicy.can({ id: userId }, action, session);
  }

  private async dropRow(userId: number, kernelId: string | null, createdAt?: string): Promise<void> {
    let query = this.db.deleteFrom('kernel_sessions').where('user_id', '=', userId);
    query = kernelId === null ? query.where('kernel_id', 'is', null) : query.where('kernel_id', '=', kernelId);
    if (createdAt) query = query.where('created_at', '=', createdAt);
    await query.execute();
    if (kernelId) this.forget(kernelId);
  }

  /**
   * Starts the caller's kernel: 409 when they hold one. The row is inserted first (one statement,
   * `on conflict do nothing`): of parallel starts one inserts, the others see 0 rows and answer 409.
   * Then the platform-wide cap (KERNEL_MAX): a start that finds more rows than the cap, its own
   * included, gives its row back and answers 503. Parallel starts at the edge may all give theirs
   * back (the cap is never exceeded; at worst a start is refused that could have fitted).
   */
  async start(userId: number): Promise<Upstream> {
    if (!this.supervisor.endpoint()) return unavailable(this.supervisor.state);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const inserted = await this.db
        .insertInto('kernel_sessions')
        .values({ user_id: userId, kernel_id: null, created_at: nowIso() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
        if (await this.overCapacity()) {
          await this.dropRow(userId, null);
          return {
            status: 503,
            body: { message: 'Every kernel is in use: try again in a few minutes', reason: 'capacity' },
          };
        }
        return this.launchFor(userId);
      }
      // Held: by a live kernel (409), or by a stale row, dropped here before one more try.
      if (attempt === 0 && (await this.kernelOf(userId)) === null) {
        const left = await this.db
          .selectFrom('kernel_sessions')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!left) continue;
      }
      break;
    }
    return {
      status: 409,
      body: { message: 'You already have a running kernel: one kernel per user', reason: 'one_kernel_per_user' },
    };
  }

  private async overCapacity(): Promise<boolean> {
    const row = await this.db
      .selectFrom('kernel_sessions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n) > this.config.maxKernels;
  }

  private async launchFor(userId: number): Promise<Upstream> {
    let answer: Upstream | null = null;
    try {
      answer = await this.upstream('POST', '/api/kernels', { name: 'python3' });
    } catch (error) {
      this.log.error({ err: error }, 'kernels: Jupyter refused to start a kernel');
    }
    const id = (answer?.body as { id?: unknown } | null)?.id;
    if (!answer || answer.status >= 300 || typeof id !== 'string') {
      await this.dropRow(userId, null);
      return answer && answer.status >= 300 ? answer : unavailable('failed');
    }
    await this.db
      .updateTable('kernel_sessions')
      .set({ kernel_id: id })
      .where('user_id', '=', userId)
      .where('kernel_id', 'is', null)
      .execute();
    return answer;
  }

  /** Shuts the caller's kernel down and frees their slot. */
  async shutdown(userId: number, kernelId: string): Promise<Upstream> {
    const answer = await this.upstream('DELETE', `/api/kernels/${encodeURIComponent(kernelId)}`);
    if (!answer) return unavailable(this.supervisor.state);
    if (answer.status < 300 || answer.status === 404) await this.dropRow(userId, kernelId);
    return answer;
  }

  /** Whether this caller may hold a kernel (kernelPolicy `start` under KERNEL_USERS). */
  mayStart(caller: Caller): boolean {
    return kernelPolicy.can(caller, 'start', this.config);
  }

  /**
   * At start (Jupyter answers for the first time, or again after a restart): the slots are the
   * kernels that really run. A local Jupyter this process just started holds none of the rows'
   * kernels, nor any start in flight, so every row it does not know goes, pending ones included;
   * with a gateway, other instances' starts in flight are kept (the sweep's rule).
   */
  async reconcile(): Promise<number> {
    const dropped = await this.sweep({ pendingToo: !this.config.gatewayUrl });
    if (dropped) this.log.info({ dropped }, 'kernels: freed the slots of kernels that no longer run');
    return dropped;
  }

  /** Drops rows whose kernels Jupyter no longer has (culled idle kernels), and starts that never finished. */
  async sweep(options: { pendingToo?: boolean } = {}): Promise<number> {
    const list = await this.upstream('GET', '/api/kernels').catch(() => null);
    if (!list || list.status !== 200 || !Array.isArray(list.body)) return 0;
    const alive = new Set((list.body as { id?: string }[]).map((k) => k.id));
    const rows = await this.db.selectFrom('kernel_sessions').select(['user_id', 'kernel_id', 'created_at']).execute();
    let dropped = 0;
    for (const row of rows) {
      if (row.kernel_id !== null && !alive.has(row.kernel_id)) {
        await this.dropRow(row.user_id, row.kernel_id);
        dropped += 1;
      } else if (row.kernel_id === null && (options.pendingToo || row.created_at < isoBefore(PENDING_STALE_S))) {
        await this.dropRow(row.user_id, null, row.created_at);
        dropped += 1;
      }
    }
    return dropped;
  }

  /** Kernels users hold now (the metrics gauge). */
  async running(): Promise<number> {
    const row = await this.db
      .selectFrom('kernel_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kernel_id', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  watch(kernelId: string): KernelWatch {
    let watch = this.watches.get(kernelId);
    if (!watch) this.watches.set(kernelId, (watch = new KernelWatch(this, kernelId, this.log)));
    return watch;
  }

  forget(kernelId: string): void {
    this.watches.get(kernelId)?.clear();
    this.watches.delete(kernelId);
  }

  close(): void {
    for (const watch of this.watches.values()) watch.clear();
    this.watches.clear();
  }
}

/** Jupyter is not running here: 503 with Jupyter's error shape. */
export function unavailable(reason: string): Upstream {
  return { status: 503, body: { message: 'Running code is unavailable on this server', reason } };
}

/**
 * The wall-clock limit of one kernel: an execution busy longer than KERNEL_WALL_SECONDS is
 * interrupted through Jupyter's REST API; still busy after the grace period (it ignores SIGINT),
 * the kernel is restarted. Fed with the kernel's iopub status messages by every proxied
 * connection, so it keeps counting when the browser disconnects mid-execution.
 */
export class KernelWatch {
  private current: { parentId: string; timer: NodeJS.Timeout; grace: NodeJS.Timeout | null } | null = null;

  constructor(
    private readonly service: KernelService,
    private readonly kernelId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** An execution started (`busy` with an execute_request parent). */
  busy(parentId: string): void {
    if (this.current?.parentId === parentId) return;
    this.clear();
    const timer = setTimeout(() => void this.overrun(parentId), this.service.config.wallSeconds * 1000);
    timer.unref();
    this.current = { parentId, timer, grace: null };
  }

  /** The execution ended (`idle` for its request), or the kernel restarted. */
  idle(parentId: string | null): void {
    if (!this.current || (parentId !== null && this.current.parentId !== parentId)) return;
    this.clear();
  }

  clear(): void {
    if (!this.current) return;
    clearTimeout(this.current.timer);
    if (this.current.grace) clearTimeout(this.current.grace);
    this.current = null;
  }

  private async overrun(parentId: string): Promise<void> {
    if (this.current?.parentId !== parentId) return;
    const path = `/api/kernels/${encodeURIComponent(this.kernelId)}`;
    this.log.info(
      { kernel: this.kernelId, wallSeconds: this.service.config.wallSeconds },
      'kernels: wall-clock limit; interrupting',
    );
    await this.service.upstream('POST', `${path}/interrupt`).catch(() => null);
    if (this.current?.parentId !== parentId) return;
    this.current.grace = setTimeout(() => {
      if (this.current?.parentId !== parentId) return;
      this.clear();
      this.log.warn({ kernel: this.kernelId }, 'kernels: execution ignored the interrupt; restarting the kernel');
      void this.service.upstream('POST', `${path}/restart`).catch(() => null);
    }, this.service.config.interruptGraceMs);
    this.current.grace.unref();
  }
}

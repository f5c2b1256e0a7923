import type {
  DatabaseConnection,
  Dialect,
  Driver,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  TransactionSettings,
  UnknownRow,
} from 'kysely';
import type { Db } from './database.ts';

/**
 * Short-lived, write-invalidated caches for what nearly every request reads and almost never
 * changes: the caller behind a session token, the caller's organisation, maintained totals
 * (DESIGN §8: a list may not spend its time on them).
 *
 * An entry lives `ttlMs` at most, and is dropped at once when this process writes one of the
 * tables it was read from: the `WriteObserver` plugin sees every statement of the database handle
 * (INSERT/UPDATE/DELETE by table; raw SQL and CTEs count as writing everything) and every COMMIT
 * and ROLLBACK (the driver is wrapped), so a change made here — an ended session, a new role — is
 * seen by the very next request. A value read while a write was in flight is never stored (each
 * store has a generation, bumped before and after each write and after each transaction), and
 * nothing read inside a transaction is stored. Writes made by another API instance are announced
 * over Redis (lib/cache-bus.ts, with REDIS_URL) and drop the same caches there; writes by a process
 * that announces nothing (`npm run admin`) are seen after `ttlMs` at most.
 */

export type Tables = readonly string[] | 'all';

interface Entry<V> {
  value: V;
  until: number;
}

interface Store<V> {
  generation: number;
  entries: Map<unknown, Entry<V>>;
}

/** At most this many entries per cache and database; beyond it the cache starts over. */
const MAX_ENTRIES = 10_000;

function tableOf(node: OperationNode | undefined): string | null {
  const target = node?.kind === 'AliasNode' ? (node as unknown as { node: OperationNode }).node : node;
  if (target?.kind !== 'TableNode') return null;
  return (target as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
}

/** The tables a statement writes, null for a plain SELECT. */
function writtenTables(node: RootOperationNode): Tables | null {
  if ('with' in node && node.with) return 'all';
  switch (node.kind) {
    case 'SelectQueryNode':
      return null;
    case 'InsertQueryNode':
    case 'MergeQueryNode': {
      const table = tableOf(node.into);
      return table ? [table] : 'all';
    }
    case 'UpdateQueryNode': {
      const table = tableOf(node.table);
      return table ? [table] : 'all';
    }
    case 'DeleteQueryNode': {
      const tables = node.from.froms.map(tableOf);
      return tables.every((t): t is string => t !== null) ? tables : 'all';
    }
    default:
      return 'all';
  }
}

/** Where the tables this process wrote are announced to the other instances (lib/cache-bus.ts). */
export type WritesListener = (tables: Tables) => void;

export class WriteObserver implements KyselyPlugin {
  readonly #stores = new Map<ShortCache<unknown, unknown>, Store<unknown>>();
  readonly #writes = new WeakMap<QueryId, Tables>();
  /** Tables written since the last announcement; kept while any transaction is open. */
  #unannounced: Set<string> | 'all' = new Set();
  #openTransactions = 0;
  #announceScheduled = false;
  #listener: WritesListener | undefined;

  constructor(readonly ttlMs: number) {}

  /**
   * Announces this process's writes to `listener`, at most once per event-loop turn: the tables
   * written since the last announcement, after the statement (outside a transaction) and again
   * after every COMMIT or ROLLBACK. While a transaction is open its tables stay in every
   * announcement, so the last one comes after its commit: another instance that reloaded a value
   * before then drops it again.
   */
  announceTo(listener: WritesListener): void {
    this.#listener = listener;
  }

  /** Writes another instance announced: drops what the caches hold from those tables, as a local write does. */
  writtenElsewhere(tables: Tables): void {
    this.written(tables);
  }

  #note(tables: Tables): void {
    if (!this.#listener) return;
    if (tables === 'all' || this.#unannounced === 'all') this.#unannounced = 'all';
    else for (const table of tables) this.#unannounced.add(table);
  }

  #scheduleAnnouncement(): void {
    if (!this.#listener || this.#announceScheduled) return;
    this.#announceScheduled = true;
    setImmediate(() => {
      this.#announceScheduled = false;
      const tables = this.#unannounced === 'all' ? 'all' : [...this.#unannounced];
      if (this.#openTransactions === 0) this.#unannounced = new Set();
      if (tables === 'all' || tables.length > 0) this.#listener?.(tables);
    });
  }

  /** A transaction began (the wrapped driver). */
  began(): void {
    this.#openTransactions += 1;
  }

  /** A transaction ended: what it wrote is visible now, here and to the other instances. */
  ended(): void {
    this.#openTransactions = Math.max(0, this.#openTransactions - 1);
    this.written('all');
    this.#scheduleAnnouncement();
  }

  store<V>(cache: ShortCache<unknown, V>): Store<V> {
    let store = this.#stores.get(cache as ShortCache<unknown, unknown>);
    if (!store) {
      store = { generation: 0, entries: new Map() };
      this.#stores.set(cache as ShortCache<unknown, unknown>, store);
    }
    return store as Store<V>;
  }

  /** Drops what the caches hold from these tables, and refuses values read before now. */
  written(tables: Tables): void {
    for (const [cache, store] of this.#stores) {
      if (tables === 'all' || cache.tables.some((t) => tables.includes(t))) {
        store.generation += 1;
        store.entries.clear();
      }
    }
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node);
    if (tables) {
      this.#writes.set(args.queryId, tables);
      this.written(tables);
      this.#note(tables);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#writes.get(args.queryId);
    if (tables) {
      this.written(tables);
      this.#scheduleAnnouncement();
    }
    return args.result;
  }

  /** The dialect with its driver wrapped: what a transaction wrote becomes visible at its end. */
  observe(dialect: Dialect): Dialect {
    return {
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createDriver: () => new ObservedDriver(dialect.createDriver(), this),
    };
  }
}

class ObservedDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly driver: Driver,
    private readonly observer: WriteObserver,
  ) {
    if (driver.savepoint) this.savepoint = driver.savepoint.bind(driver);
    if (driver.rollbackToSavepoint) this.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
    if (driver.releaseSavepoint) this.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  }
  init = () => this.driver.init();
  acquireConnection = () => this.driver.acquireConnection();
  beginTransaction = async (connection: DatabaseConnection, settings: TransactionSettings) => {
    this.observer.began();
    try {
      await this.driver.beginTransaction(connection, settings);
    } catch (error) {
      this.observer.ended();
      throw error;
    }
  };
  commitTransaction = async (connection: DatabaseConnection) => {
    try {
      await this.driver.commitTransaction(connection);
    } finally {
      this.observer.ended();
    }
  };
  rollbackTransaction = async (connection: DatabaseConnection) => {
    try {
      await this.driver.rollbackTransaction(connection);
    } finally {
      this.observer.ended();
    }
  };
  releaseConnection = (connection: DatabaseConnection) => this.driver.releaseConnection(connection);
  destroy = () => this.driver.destroy();
}

export const observerOf = (db: Db): WriteObserver | undefined =>
  db.getExecutor().plugins.find((p): p is WriteObserver => p instanceof WriteObserver);

export class ShortCache<K, V> {
  /** Values are read from these tables; a write to any of them drops the cache. */
  constructor(
    readonly tables: readonly string[],
    private readonly keep: (value: V) => boolean = () => true,
    /** How long an entry lives instead of CACHE_MS (still dropped by writes; off when CACHE_MS is 0). */
    private readonly ttlMs?: number,
  ) {}

  /** The cached value of `key`, or `load()` (stored when `keep` says so and nothing was written meanwhile). */
  async get(db: Db, key: K, load: () => Promise<V>): Promise<V> {
    const observer = observerOf(db);
    if (!observer || observer.ttlMs <= 0 || db.isTransaction) return load();
    const store = observer.store(this);
    const now = Date.now();
    const hit = store.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const generation = store.generation;
    const value = await load();
    if (store.generation === generation && this.keep(value)) {
      if (store.entries.size >= MAX_ENTRIES) store.entries.clear();
      store.entries.set(key, { value, until: now + (this.ttlMs ?? observer.ttlMs) });
    }
    return value;
  }
}

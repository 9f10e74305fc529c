import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyConfig,
  type QueryId,
  type QueryResult,
  type TransactionBuilder,
} from 'kysely';

/**
 * Two guards around the driver, against one class of bug: a query that takes its own connection while a
 * transaction of the same request holds one. On SQLite there is one connection, so such a query waits forever,
 * and with it every later request of every client (hardening issue, point 2).
 *
 * - strict (tests and development): a query on the root database inside a transaction's callback fails at once
 *   with QueryOutsideTransactionError, naming the mistake, instead of hanging.
 * - always: a connection that cannot be had within `acquireTimeoutMs` fails with DatabaseBusyError (503
 *   `database_busy` at the API), so a stuck request is answered and logged and the platform keeps serving.
 */
export interface ConnectionGuardOptions {
  strict: boolean;
  acquireTimeoutMs: number;
}

export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      'A query bypassed the open transaction: inside db.transaction().execute(cb) every query must use the ' +
        "callback's trx, not the root database (on SQLite it would wait forever for the one connection).",
    );
  }
}

export class DatabaseBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`No database connection within ${waitedMs} ms`);
  }
}

/**
 * The database could not be reached or dropped the connection mid-query (PostgreSQL restarting, failing over, or an
 * administrator ending the session). Answered 503 `database_busy` like a pool that is full: the request may be tried
 * again, and the pool opens new connections once the server is back (issue 33's restart fault answered 500 before).
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is unreachable: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause });
  }
}

/**
 * Whether a driver error means the connection, not the query, failed: a socket error, PostgreSQL's connection
 * exception class 08 or its shutdown codes (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now),
 * or node-postgres's own message for a socket that closed under it.
 */
export function isConnectionLoss(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (/^08/.test(code) || ['57P01', '57P02', '57P03'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return true;
  }
  const message = err instanceof Error ? err.message : '';
  return /^Connection terminated|is not queryable/.test(message);
}

/** Rethrows a lost connection as DatabaseUnavailableError, anything else as it is. */
async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw isConnectionLoss(err) ? new DatabaseUnavailableError(err) : err;
  }
}

/**
 * Set for the duration of a transaction's callback in strict mode only: `open` turns false when the callback has
 * returned. Only strict mode needs to know the callback's scope; on Node 20 an AsyncLocalStorage in use puts a hook
 * on every promise of the process, which cost a tenth of the CPU of a SCORM commit (issue 15), so production runs
 * without it.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** What runs when the transaction that ran a query has ended, by the query's id (see whenTransactionOfQueryEnds). */
const afterTransaction = new WeakMap<QueryId, () => void>();

/**
 * Queues `fn` to run once the transaction that runs the query `queryId` has ended (after its COMMIT or ROLLBACK);
 * a query outside a transaction drops it. Called before the query runs (a Kysely plugin's transformQuery): the
 * driver sees on which connection the query runs and whether that connection is in a transaction.
 * db/write-generation moves its counters once more then: on PostgreSQL a write shows to other connections only at
 * the commit.
 */
export function whenTransactionOfQueryEnds(queryId: QueryId, fn: () => void): void {
  afterTransaction.set(queryId, fn);
}

/** Runs a transaction's callback marked as such, so the strict driver can tell a query that bypasses it. */
export function markTransactionScope<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const execute = builder.execute.bind(builder);
  builder.execute = (callback) =>
    execute(async (trx) => {
      const scope = { open: true };
      try {
        return await openTransaction.run(scope, () => callback(trx));
      } finally {
        scope.open = false;
      }
    });
  return builder;
}

/**
 * A driver's connection with what is to run when its transaction ends. The driver's own calls get the inner
 * connection back (a driver may keep private state on it).
 */
class TrackedConnection implements DatabaseConnection {
  inTransaction = false;
  ended: Array<() => void> = [];
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const fn = afterTransaction.get(query.queryId);
    if (fn && this.inTransaction) this.ended.push(fn);
    return translated(() => this.inner.executeQuery(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }

  /** Runs (and forgets) what waited for the end of the transaction. */
  end(): void {
    this.inTransaction = false;
    const fns = this.ended;
    this.ended = [];
    for (const fn of fns) fn();
  }
}

class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly options: ConnectionGuardOptions,
  ) {
    const own = (c: DatabaseConnection) => (c as TrackedConnection).inner;
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(own(c), name, compile);
    if (inner.rollbackToSavepoint)
      this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(own(c), name, compile);
    if (inner.releaseSavepoint)
      this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(own(c), name, compile);
  }

  init() {
    return this.inner.init();
  }

  /** One tracked wrapper per driver connection (the pool reuses its connections). */
  readonly #tracked = new WeakMap<DatabaseConnection, TrackedConnection>();

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#acquire();
    let tracked = this.#tracked.get(inner);
    if (!tracked) this.#tracked.set(inner, (tracked = new TrackedConnection(inner)));
    return tracked;
  }

  async #acquire(): Promise<DatabaseConnection> {
    if (this.options.strict && openTransaction.getStore()?.open) throw new QueryOutsideTransactionError();
    const pending = this.inner.acquireConnection();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DatabaseBusyError(this.options.acquireTimeoutMs)),
        this.options.acquireTimeoutMs,
      );
    });
    try {
      return await Promise.race([pending, timeout]);
    } catch (err) {
      // A connection that arrives after we gave up goes straight back, or the pool (or SQLite's lock) leaks it.
      pending.then((c) => this.inner.releaseConnection(c)).catch(() => {});
      throw err instanceof DatabaseBusyError || !isConnectionLoss(err) ? err : new DatabaseUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  async beginTransaction(...[connection, settings]: Parameters<Driver['beginTransaction']>) {
    const tracked = connection as TrackedConnection;
    await translated(() => this.inner.beginTransaction(tracked.inner, settings));
    tracked.inTransaction = true;
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#end(connection, (inner) => this.inner.commitTransaction(inner));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.#end(connection, (inner) => this.inner.rollbackTransaction(inner));
  }
  /** Ends the connection's transaction (COMMIT or ROLLBACK), then runs what waited for that. */
  async #end(connection: DatabaseConnection, end: (inner: DatabaseConnection) => Promise<void>): Promise<void> {
    const tracked = connection as TrackedConnection;
    try {
      await translated(() => end(tracked.inner));
    } finally {
      tracked.end();
    }
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as TrackedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Wraps a Kysely dialect so its driver carries both guards. */
export function guardDialect(dialect: Dialect, options: ConnectionGuardOptions): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver(), options),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** Kysely whose transactions mark their callback's scope for the strict guard. */
export class StrictKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return markTransactionScope(super.transaction());
  }
}

/** The database with both guards: strict mode marks each transaction's scope, which production leaves out. */
export const guardedKysely = <DB>(config: KyselyConfig, options: ConnectionGuardOptions): Kysely<DB> =>
  options.strict
    ? new StrictKysely<DB>({ ...config, dialect: guardDialect(config.dialect, options) })
    : new Kysely<DB>({ ...config, dialect: guardDialect(config.dialect, options) });

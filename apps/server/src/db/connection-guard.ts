import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, type DatabaseConnection, type Dialect, type Driver, type TransactionBuilder } from 'kysely';

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
 * Set for the duration of a transaction's callback; `open` turns false when the callback has returned. `ended` holds
 * what is to run once the transaction has committed or rolled back.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean; ended: Array<() => void> }>();

/**
 * Queues `fn` to run when the transaction the caller runs in has ended (after its COMMIT or ROLLBACK) and answers
 * true; answers false outside a transaction. db/write-generation moves its counters once more then: on PostgreSQL a
 * write shows to other connections only at the commit.
 */
export function whenTransactionEnds(fn: () => void): boolean {
  const scope = openTransaction.getStore();
  if (!scope?.open) return false;
  scope.ended.push(fn);
  return true;
}

/** Runs a transaction's callback marked as such, so the driver can tell a query that bypasses it. */
export function markTransactionScope<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const execute = builder.execute.bind(builder);
  builder.execute = async (callback) => {
    const scope = { open: true, ended: [] as Array<() => void> };
    try {
      return await execute(async (trx) => {
        try {
          return await openTransaction.run(scope, () => callback(trx));
        } finally {
          scope.open = false;
        }
      });
    } finally {
      for (const fn of scope.ended) fn();
    }
  };
  return builder;
}

class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly options: ConnectionGuardOptions,
  ) {
    this.savepoint = inner.savepoint?.bind(inner);
    this.rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    this.releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
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
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  beginTransaction(...args: Parameters<Driver['beginTransaction']>) {
    return this.inner.beginTransaction(...args);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
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
export class GuardedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return markTransactionScope(super.transaction());
  }
}

import type { Kysely, SqliteDatabase } from 'kysely';
import { settle, turnBatch, type Settled } from '../platform/turn-batch';
import { noteRawWrite } from './write-generation';

/** The one SQLite connection as a batched write sees it: held, inside the batch's transaction, synchronous. */
export interface SyncSqlite {
  all<R>(sql: string, params: readonly unknown[]): R[];
  run(sql: string, params: readonly unknown[]): void;
}

type Work = (sqlite: SyncSqlite) => unknown;

/**
 * Group commit for SQLite's hot writes (issue 15: the SCORM commit). Writes that arrive in the same turn of the event
 * loop run one after another in one transaction on the one connection, synchronously, as plain SQL on kept prepared
 * statements: one BEGIN and one COMMIT (one WAL append) for all of them, and none of the query builder's work per
 * statement. Each write runs in a savepoint of its own: one that throws is rolled back alone and its caller gets the
 * error, the others still commit. Every caller is answered only after the COMMIT, so an answered write is stored.
 *
 * The connection is taken through Kysely (`db.connection()`), so a batch never runs inside another request's open
 * transaction: it waits for the connection as any query does. Writes here pass no Kysely plugin; each statement's
 * text goes to db/write-generation, so short caches still see a write to a table they watch.
 *
 * Hand-written because no library batches writes across requests: better-sqlite3's `transaction()` wraps one
 * function, and Kysely's transactions are one per caller.
 */
export class SqliteWriteBatch {
  readonly #sync: SyncSqlite;
  readonly #batch: (work: Work) => Promise<unknown>;

  constructor(
    /** Runs `fn` while holding the one connection (Kysely's `db.connection().execute`). */
    hold: <T>(fn: () => Promise<T>) => Promise<T>,
    private readonly file: SqliteDatabase,
  ) {
    this.#sync = {
      all: <R>(text: string, params: readonly unknown[]) => file.prepare(text).all(params) as R[],
      run: (text, params) => {
        noteRawWrite(text);
        file.prepare(text).run(params);
      },
    };
    this.#batch = turnBatch<Work, unknown>((works) => hold(() => Promise.resolve(this.#runAll(works))));
  }

  /** Runs `work` in the next batch; answers its result once the batch has committed, or its error. */
  run<T>(work: (sqlite: SyncSqlite) => T): Promise<T> {
    return this.#batch(work) as Promise<T>;
  }

  #exec(text: string): void {
    this.file.prepare(text).run([]);
  }

  #runAll(works: Work[]): Array<Settled<unknown>> {
    // IMMEDIATE takes the write lock at once: a deferred transaction that reads first could fail to upgrade.
    this.#exec('begin immediate');
    const settled: Array<Settled<unknown>> = [];
    try {
      // Alone in its batch, a write needs no savepoint: its error rolls the whole transaction back.
      if (works.length === 1) settled.push({ ok: true, value: (works[0] as Work)(this.#sync) });
      else for (const work of works) settled.push(this.#inSavepoint(work));
      this.#exec('commit');
    } catch (error) {
      this.#exec('rollback');
      throw error;
    }
    return settled;
  }

  #inSavepoint(work: Work): Settled<unknown> {
    this.#exec('savepoint batch_write');
    const settled = settle(() => work(this.#sync));
    this.#exec(settled.ok ? 'release batch_write' : 'rollback to batch_write');
    if (!settled.ok) this.#exec('release batch_write');
    return settled;
  }
}

const batches = new WeakMap<object, SqliteWriteBatch>();

/** Gives an SQLite database its write batch (db/connect.ts). */
export function attachSqliteWriteBatch<DB>(db: Kysely<DB>, file: SqliteDatabase): void {
  batches.set(db, new SqliteWriteBatch((fn) => db.connection().execute(fn), file));
}

/** The write batch of an SQLite root database; undefined on PostgreSQL and for a transaction. */
export const sqliteWriteBatchOf = (db: object): SqliteWriteBatch | undefined => batches.get(db);

import type { Kysely, SqliteDatabase } from 'kysely';
import { noteRawWrite } from './write-generation';

/** The one SQLite connection as a batched write sees it: held, inside the batch's transaction, synchronous. */
export interface SyncSqlite {
  all<R>(sql: string, params: readonly unknown[]): R[];
  run(sql: string, params: readonly unknown[]): void;
}

interface Job {
  work: (sqlite: SyncSqlite) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

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
  #queue: Job[] = [];
  #scheduled = false;
  readonly #sync: SyncSqlite;

  constructor(
    /** Runs `fn` while holding the one connection (Kysely's `db.connection().execute`). */
    private readonly hold: <T>(fn: () => Promise<T>) => Promise<T>,
    private readonly file: SqliteDatabase,
  ) {
    const prepare = (text: string) => {
      noteRawWrite(text);
      return file.prepare(text);
    };
    this.#sync = {
      all: <R>(text: string, params: readonly unknown[]) => file.prepare(text).all(params) as R[],
      run: (text, params) => {
        prepare(text).run(params);
      },
    };
  }

  /** Runs `work` in the next batch; answers its result once the batch has committed, or its error. */
  run<T>(work: (sqlite: SyncSqlite) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // setImmediate runs after the poll phase: every request that arrived in this turn joins the batch.
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const jobs = this.#queue;
    this.#queue = [];
    this.#scheduled = false;
    let settled: Settled[];
    try {
      settled = await this.hold(() => Promise.resolve(this.#runAll(jobs)));
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    settled.forEach((s, i) => {
      const job = jobs[i] as Job;
      if (s.ok) job.resolve(s.value);
      else job.reject(s.error);
    });
  }

  #exec(text: string): void {
    this.file.prepare(text).run([]);
  }

  #runAll(jobs: Job[]): Settled[] {
    // IMMEDIATE takes the write lock at once: a deferred transaction that reads first could fail to upgrade.
    this.#exec('begin immediate');
    const settled: Settled[] = [];
    try {
      for (const job of jobs) settled.push(this.#runOne(job, jobs.length > 1));
      this.#exec('commit');
    } catch (error) {
      this.#exec('rollback');
      throw error;
    }
    return settled;
  }

  /** One write; alone in its batch it needs no savepoint (its error rolls the whole transaction back). */
  #runOne(job: Job, savepoint: boolean): Settled {
    if (!savepoint) return { ok: true, value: job.work(this.#sync) };
    this.#exec('savepoint batch_write');
    try {
      const value = job.work(this.#sync);
      this.#exec('release batch_write');
      return { ok: true, value };
    } catch (error) {
      this.#exec('rollback to batch_write');
      this.#exec('release batch_write');
      return { ok: false, error };
    }
  }
}

const batches = new WeakMap<object, SqliteWriteBatch>();

/** Gives an SQLite database its write batch (db/connect.ts). */
export function attachSqliteWriteBatch<DB>(db: Kysely<DB>, file: SqliteDatabase): void {
  batches.set(db, new SqliteWriteBatch((fn) => db.connection().execute(fn), file));
}

/** The write batch of an SQLite root database; undefined on PostgreSQL and for a transaction. */
export const sqliteWriteBatchOf = (db: object): SqliteWriteBatch | undefined => batches.get(db);

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './prepared-statements';
import { guardedKysely, type ConnectionGuardOptions } from './connection-guard';
import type { Database, Db, Dialect } from './database';
import { SqliteBooleansPlugin } from './sqlite-booleans';
import { withStatementCache } from './sqlite-statement-cache';
import { attachSqliteWriteBatch } from './sqlite-write-batch';
import { WriteGenerationPlugin } from './write-generation';

/** The SQLite page cache of the one connection, in KiB (64 MiB). */
export const SQLITE_CACHE_KIB = 65_536;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL pool size (SQLite has one connection). */
  poolMax?: number;
  /** See db/connection-guard.ts; tests and development are strict, every mode bounds the wait. */
  guard?: Partial<ConnectionGuardOptions>;
  /**
   * PostgreSQL: told when an idle pooled connection fails (the server restarted, or an administrator ended it).
   * pg-pool drops that connection and the next query opens a new one; without a listener its 'error' event would
   * end the process.
   */
  onIdleError?: (err: Error) => void;
}

// timestamptz and date reach the code as ISO strings on PostgreSQL too (ARCHITECTURE section 9).
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connectDatabase(opts: ConnectOptions): DbHandle {
  const guard: ConnectionGuardOptions = { strict: false, acquireTimeoutMs: 10_000, ...opts.guard };
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10, Client: PreparingClient });
    const onError = opts.onIdleError ?? (() => undefined);
    pool.on('error', onError);
    // A client the pool has lent out has no listener of the pool's (pg-pool removes it) nor of Kysely's, yet its
    // socket closing (a PostgreSQL restart ends every connection) makes it emit 'error', even when the query in
    // flight was rejected with the same error: unheard, that ended the process (issue 33's restart fault). Nothing
    // to do there: the query fails on its own (503 database_busy), the pool drops the client when it comes back
    // unqueryable, and an idle client's failure still reaches onError through the pool.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = guardedKysely<Database>(
      { dialect: new PostgresDialect({ pool }), plugins: [new WriteGenerationPlugin()] },
      guard,
    );
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's page cache is 2 MB by default: at 100,000 users (a 1 GB file) the learner dashboard's two reads then
  // fetched most pages from the OS again and cost 606 µs instead of 185 µs (issue 33, bench/learners.ts's tenant).
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // The planner needs statistics to choose between two indexes that both fit (a training's participants: by
  // training, or by client and user out of millions). SQLite's advice for long-lived connections: a bounded
  // ANALYZE of the tables that lack or outgrew their statistics when the connection opens.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  const kept = withStatementCache(sqlite);
  const db = guardedKysely<Database>(
    {
      dialect: new SqliteDialect({ database: kept }),
      plugins: [new SqliteBooleansPlugin(), new WriteGenerationPlugin()],
    },
    guard,
  );
  attachSqliteWriteBatch(db, kept);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

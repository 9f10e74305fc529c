import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { Lru } from '../platform/lru';

/** Distinct SQL texts kept prepared; beyond it the least recently used goes (IN lists of varying length vary). */
export const STATEMENT_CACHE_SIZE = 1_000;

const hasBoolean = (params: ReadonlyArray<unknown>) => params.some((v) => typeof v === 'boolean');

/**
 * SQLite has no boolean type: better-sqlite3 refuses to bind `true`. Booleans are bound as 1/0 here, on the flat
 * parameter list, where a Kysely plugin would have to copy every query's whole operation tree to find them (that
 * copy cost a tenth of a SCORM commit's CPU, issue 15). Columns named `is_*` come back as booleans through
 * db/sqlite-booleans.ts (ARCHITECTURE section 9).
 */
export const bindable = (params: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  hasBoolean(params) ? params.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) : params;

/** A prepared statement as Kysely's SqliteDialect runs it, binding booleans as 1/0. */
class KeptStatement implements SqliteStatement {
  constructor(readonly statement: Statement) {}
  get reader(): boolean {
    return this.statement.reader;
  }
  /** Being iterated (a streamed query): it cannot run again until that is done. */
  get busy(): boolean {
    return this.statement.busy;
  }
  all(params: ReadonlyArray<unknown>): unknown[] {
    return this.statement.all(bindable(params));
  }
  run(params: ReadonlyArray<unknown>) {
    return this.statement.run(bindable(params));
  }
  iterate(params: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.statement.iterate(bindable(params));
  }
}

/**
 * better-sqlite3 for Kysely's SqliteDialect with its prepared statements kept by SQL text (issue 15: preparing every
 * statement anew was a quarter of the CPU of `user/info`). Kysely runs one statement at a time on the one
 * connection; a statement still being iterated (a streamed query) is `busy`, and then a fresh one is prepared beside
 * it. SQLite re-prepares a kept statement by itself when a migration changes the schema.
 */
export function withStatementCache(file: SqliteFile, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const kept = new Lru<string, KeptStatement>(size);
  return {
    close: () => {
      kept.clear();
      file.close();
    },
    prepare: (sql: string) => {
      // A hit becomes the most recently used; a full cache drops its least recently used statement.
      const hit = kept.get(sql);
      if (hit) return hit.busy ? new KeptStatement(file.prepare(sql)) : hit;
      const stmt = new KeptStatement(file.prepare(sql));
      kept.set(sql, stmt);
      return stmt;
    },
  };
}

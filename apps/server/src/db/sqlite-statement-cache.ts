import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; beyond it the least recently used goes (IN lists of varying length vary). */
export const STATEMENT_CACHE_SIZE = 1_000;

/**
 * better-sqlite3 for Kysely's SqliteDialect with its prepared statements kept by SQL text (issue 15: preparing every
 * statement anew was a quarter of the CPU of `user/info`). Kysely runs one statement at a time on the one
 * connection; a statement still being iterated (a streamed query) is `busy`, and then a fresh one is prepared beside
 * it. SQLite re-prepares a kept statement by itself when a migration changes the schema.
 */
export function withStatementCache(file: SqliteFile, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const kept = new Map<string, Statement>();
  return {
    close: () => {
      kept.clear();
      file.close();
    },
    prepare: (sql: string) => {
      const hit = kept.get(sql);
      if (hit) {
        if (hit.busy) return file.prepare(sql);
        // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
        kept.delete(sql);
        kept.set(sql, hit);
        return hit;
      }
      const stmt = file.prepare(sql);
      kept.set(sql, stmt);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
      return stmt;
    },
  };
}

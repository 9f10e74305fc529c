import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from '../src/db/database';

/** SQLite's plan of a query (EXPLAIN QUERY PLAN), one line per step, for the tests that pin a list's plan. */
export async function sqlitePlan(db: Db, query: Compilable): Promise<string[]> {
  const q = query.compile();
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
  );
  return plan.rows.map((r) => r.detail);
}

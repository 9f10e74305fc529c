import { sql, type KyselyPlugin } from 'kysely';
import type { Db } from '../apps/server/src/db/database';

// The shared part of the EXPLAIN scripts (bench/explain-reports.ts, bench/explain-dashboard.ts): record the queries
// a read makes, print each with its plan, and time a read over many runs.

export interface SeenQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** A plugin that records every query compiled through it (the read runs on `db.withPlugin(recorder.plugin)`). */
export function queryRecorder(db: Db): { plugin: KyselyPlugin; seen: SeenQuery[] } {
  const seen: SeenQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (a) => {
      seen.push(db.getExecutor().compileQuery(a.node, a.queryId));
      return a.node;
    },
    transformResult: (a) => Promise.resolve(a.result),
  };
  return { plugin, seen };
}

/**
 * Prints each query and its plan: EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL. A read
 * compiled once (db/compiled-once.ts) was recorded with its slots' placeholders as parameters; `slots` gives the
 * values they stand for in the read that was recorded.
 */
export async function printPlans(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  recorded: SeenQuery[],
  slots: Readonly<Record<string, string>> = {},
) {
  const explain = dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, buffers) ';
  const bind = (p: unknown) => {
    const NUL = String.fromCharCode(0);
    const slot = typeof p === 'string' && p.startsWith(`${NUL}slot:`) && p.endsWith(NUL) ? p.slice(6, -1) : undefined;
    if (slot === undefined) return p;
    if (!Object.hasOwn(slots, slot)) throw new Error(`printPlans: no value for the slot ${slot}`);
    return slots[slot];
  };
  const queries = recorded.map((q) => ({ sql: q.sql, parameters: q.parameters.map(bind) }));
  for (const q of queries) {
    console.log(`\n${q.sql}`);
    const plan = await db.executeQuery({
      sql: explain + q.sql,
      parameters: q.parameters,
      query: sql``.toOperationNode(),
      queryId: { queryId: 'explain' },
    });
    // SQLite answers a row per step (`detail`), PostgreSQL a line of text per row (`QUERY PLAN`).
    for (const row of plan.rows as { detail?: string; 'QUERY PLAN'?: string }[])
      console.log(`  ${row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)}`);
    // The query's own time, so that a read's total can be told apart into its queries and the code around them.
    const run = () =>
      db.executeQuery({
        sql: q.sql,
        parameters: q.parameters,
        query: sql``.toOperationNode(),
        queryId: { queryId: 'time' },
      });
    const ms = await timeReads([0, 1, 2, 3, 4, 5, 6], run);
    console.log(`  -> median ${ms.median.toFixed(2)} ms`);
  }
}

/** Runs `read` once per item (in order) and answers the median and p90 of its times in ms. */
export async function timeReads<T>(items: readonly T[], read: (item: T) => Promise<unknown>) {
  const ms: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await read(item);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[ms.length >> 1] ?? 0, p90: ms[Math.floor(ms.length * 0.9)] ?? 0 };
}

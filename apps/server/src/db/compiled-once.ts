import { CompiledQuery, PostgresAdapter, type Compilable } from 'kysely';
import type { DbOrTrx } from './database';
import { keepPrepared } from './prepared-statements';

/**
 * A read whose SQL is built and compiled once per shape and database kind, then run with each call's values.
 * Building a Kysely query and compiling it cost about as much CPU as SQLite running it (the learner dashboard's two
 * reads: 150 µs of compiling against 180 µs of SQLite, issue 33), and per-request reads have the same shape every
 * time. Kysely has no prepared-query API of its own, so this builds the query once with placeholder values in the
 * named slots and swaps each call's values into the compiled parameter list.
 *
 * `shape` must take few values (a locale, not a user input): one compiled query is kept per shape. Every slot must
 * be bound once as a whole string parameter (not concatenated into another value), which the first compile checks.
 * The plugins' result transforms (SQLite's booleans) still run; their query transforms ran at the first compile,
 * which is what they do for a read.
 */
export function compiledOnce<Slot extends string, Row, Shape extends string = string>(
  slots: readonly Slot[],
  build: (db: DbOrTrx, values: Readonly<Record<Slot, string>>, shape: Shape) => Compilable<Row>,
) {
  const placeholders = Object.fromEntries(slots.map((s) => [s, `\u0000slot:${s}\u0000`])) as Record<Slot, string>;
  const kept = new Map<string, { sql: string; parameters: readonly unknown[]; at: (Slot | null)[] }>();
  const compile = (db: DbOrTrx, shape: Shape) => {
    const compiled = build(db, placeholders, shape).compile();
    const at = compiled.parameters.map((p) => slots.find((s) => p === placeholders[s]) ?? null);
    const missing = slots.filter((s) => !at.includes(s));
    if (missing.length > 0) throw new Error(`compiledOnce: slot(s) ${missing.join(', ')} not bound as a parameter`);
    return { sql: compiled.sql, parameters: compiled.parameters, at };
  };
  return async (db: DbOrTrx, shape: Shape, values: Readonly<Record<Slot, string>>): Promise<Row[]> => {
    // One process may hold both kinds of database (the tests do): the SQL differs between them.
    const key = `${db.getExecutor().adapter.constructor.name} ${shape}`;
    let query = kept.get(key);
    if (!query) {
      kept.set(key, (query = compile(db, shape)));
      if (db.getExecutor().adapter instanceof PostgresAdapter) keepPrepared(query.sql);
    }
    const { parameters, at } = query;
    const bound = parameters.map((p, i) => {
      const slot = at[i];
      return slot ? values[slot] : p;
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, bound));
    return result.rows;
  };
}

import pg from 'pg';

/**
 * The SQL texts that PostgreSQL keeps prepared on each connection, by name (issue 33: the reads every request
 * makes). Only the reads of compiled-once.ts are registered, so the set stays a handful of texts. A prepared
 * statement is parsed and planned once per connection instead of on every call: the learner dashboard's and the
 * session's reads spent more of PostgreSQL's time in parse and plan than in running (at 2,000 learners, 8
 * connections: 1,602 req/s unprepared, 2,390 prepared; docs/operations.md "The learner dashboard").
 * Hand-written because node-postgres prepares a query only when it is given a name, and Kysely passes none.
 *
 * Not for a pooler in transaction mode (PgBouncer before 1.21): a named statement lives on one server connection.
 */
const names = new Map<string, string>();

export function keepPrepared(sql: string): void {
  if (!names.has(sql)) names.set(sql, `lms_prepared_${names.size + 1}`);
}

/** pg's client, naming the registered texts' queries so that the server keeps them prepared. */
export class PreparingClient extends pg.Client {}

type Run = (this: pg.Client, ...args: unknown[]) => Promise<pg.QueryResult>;
// Called with each client as `this` below (call/apply), never detached from one.
// eslint-disable-next-line @typescript-eslint/unbound-method
const baseQuery = pg.Client.prototype.query as unknown as Run;
/** The statement names this connection has prepared (node-postgres keeps them on its connection). */
const preparedOn = (client: pg.Client) =>
  (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;

// pg's query() has a dozen typed overloads; this replaces it on the subclass only, and only for Kysely's call shape
// (text and values, answered by a promise). Every other call goes to pg's own.
(PreparingClient.prototype as unknown as { query: Run }).query = function query(this: pg.Client, ...args: unknown[]) {
  const [text, values] = args;
  const name = typeof text === 'string' ? names.get(text) : undefined;
  if (name === undefined || !Array.isArray(values) || args.length !== 2) return baseQuery.apply(this, args);
  return baseQuery.call(this, { name, text, values }).catch(async (error: unknown) => {
    // "cached plan must not change result type": a migration changed a table the statement reads whole (a rolling
    // upgrade adds a column to users while this process runs). Prepared again, once; inside a transaction the
    // error stands (the transaction is aborted), and the caller's retry prepares it anew.
    if ((error as { code?: string }).code !== '0A000' || !preparedOn(this)[name]) throw error;
    await baseQuery.call(this, `deallocate ${name}`).catch(() => {
      throw error;
    });
    delete preparedOn(this)[name];
    return baseQuery.call(this, { name, text, values });
  });
};

import { sql } from 'kysely';
import type { Db, Dialect } from './database';

/**
 * Brings SQLite's planner statistics up to date (`PRAGMA optimize`: an ANALYZE, bounded by the connection's
 * analysis_limit, of each table whose row count changed about tenfold since its statistics were taken). The connection
 * does this when it opens (db/connect.ts), but a process lives for weeks, and a table that grew since then is planned
 * as if it were empty: after a bulk load of 100,000 users, every change of a user's company ran the report counts'
 * trigger (migration 0039) over all of the client's participations instead of the user's own, about 150 ms a user
 * instead of well under one (issue 33). SQLite's advice for long-lived connections is to run it periodically and
 * after large changes. PostgreSQL's autovacuum keeps its statistics itself.
 */
export async function refreshPlannerStatistics(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  // 0x10000: every table, not only those this connection used lately; 0x02: ANALYZE where it would help.
  await sql`pragma optimize = 0x10002`.execute(db);
}

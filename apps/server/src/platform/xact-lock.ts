import { sql } from 'kysely';
import type { DbOrTrx, Dialect } from '../db/database';

/**
 * Holds a named lock until the caller's transaction ends, so two transactions that check and then write the same
 * thing (a resend limit) take turns. PostgreSQL: a transaction-level advisory lock on the name's 64-bit hash.
 * SQLite needs none: its one connection runs one transaction at a time.
 */
export async function lockForTransaction(trx: DbOrTrx, dialect: Dialect, name: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

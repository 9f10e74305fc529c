import { sql } from 'kysely';
import type { DbOrTrx, Dialect } from '../db/database';

// What the schema holds, read from the live database rather than from the migrations: the backup's manifest, the
// restore's check and the drills' tests compare these figures, so they cover every table, new ones included.

/** The schema's own base tables (SQLite: not its internal or full-text shadow tables; PostgreSQL: schema public). */
export async function listTables(db: DbOrTrx, dialect: Dialect): Promise<string[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
    return rows.map((r) => r.name);
  }
  // users_fts is a virtual table (FTS5) over shadow tables it rebuilds itself; its rows are the users'.
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'users_fts%' order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Row counts of every table, by name (names come from listTables, never from input). */
export async function countRows(db: DbOrTrx, dialect: Dialect): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db, dialect)) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The migrations applied, oldest first, as Kysely's migrator recorded them. */
export async function appliedMigrations(db: DbOrTrx): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by timestamp, name`.execute(db);
  return rows.map((r) => r.name);
}

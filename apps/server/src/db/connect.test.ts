import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { connectDatabase, SQLITE_CACHE_KIB } from './connect';

// A PostgreSQL restart (or an administrator) ends the pool's idle connections. pg-pool then emits 'error'; with no
// listener that ends the process, which is how a migration test's DROP DATABASE ... WITH (FORCE) once failed CI.
it.runIf(process.env.DATABASE_URL)('survives the loss of an idle pooled connection and reconnects', async () => {
  const lost: Error[] = [];
  const handle = connectDatabase({ databaseUrl: process.env.DATABASE_URL, onIdleError: (err) => lost.push(err) });
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
    const pid = rows[0]?.pid;
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect.poll(() => lost.length).toBe(1);
    const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
    expect(again.rows).toEqual([{ one: 1 }]);
  } finally {
    await admin.end();
    await handle.close();
  }
});

it('opens SQLite with WAL, foreign keys and a page cache of SQLITE_CACHE_KIB', async () => {
  const handle = connectDatabase({});
  try {
    const pragma = async (name: string) =>
      Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(handle.db)).rows[0] ?? {})[0];
    expect(await pragma('cache_size')).toBe(-SQLITE_CACHE_KIB);
    expect(await pragma('foreign_keys')).toBe(1);
  } finally {
    await handle.close();
  }
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type DbHandle } from '../src/db/connect';
import type { Dialect } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/** The dialects this run covers: SQLite always, PostgreSQL when DATABASE_URL is set (CI sets it). */
export const DIALECTS: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb extends DbHandle {
  dataDir: string;
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}

/** A fresh, migrated database of its own: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDb(dialect: Dialect): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-test-'));
  let databaseUrl: string | undefined;
  let dropPg = async () => {};
  if (dialect === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('DATABASE_URL is not set');
    const name = `lms_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropPg = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pg-pool's end() resolves before its sockets have closed; a forced drop would then terminate them and
      // the closing clients raise an unhandled error. Wait (briefly) until the server has let them go.
      for (let i = 0; i < 100; i++) {
        const open = await c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const handle = connectDatabase({
    databaseUrl,
    sqliteFile: path.join(dataDir, 'lms.sqlite'),
    guard: { strict: true },
  });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    dataDir,
    databaseUrl,
    drop: async () => {
      await handle.close();
      await dropPg();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

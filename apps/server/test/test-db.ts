import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Migrating takes about 3 s per PostgreSQL database and 0.25 s per SQLite file, and every test file makes one or
 * two. So each database is a copy of one migrated template (CREATE DATABASE ... TEMPLATE, a file copy for SQLite),
 * built once per version of the migrations (the hash of their sources) and shared by all test processes of the
 * machine. What a test gets is the same as before: a fresh database of its own, migrated to the latest version.
 */
const dbDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db');
const migrationsHash = (() => {
  const hash = createHash('sha256').update(readFileSync(path.join(dbDir, 'migrate.ts')));
  const dir = path.join(dbDir, 'migrations');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 16);
})();

const pgQuery = async (connectionString: string, sql: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
};

/** The migrated PostgreSQL template of this migrations version; the first process to need it builds it. */
let pgTemplate: Promise<string> | undefined;
function postgresTemplate(base: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `lms_template_${migrationsHash}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      // One builder at a time across processes; the others wait and find it built.
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(base);
        url.pathname = `/${building}`;
        const handle = connectDatabase({ databaseUrl: url.toString(), guard: { strict: true } });
        await migrateToLatest(handle.db, handle.dialect);
        await handle.close();
        // Published under its final name only once complete, and without sessions (a template must have none).
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    } finally {
      await admin.end();
    }
    return name;
  })();
  return pgTemplate;
}

/** The migrated SQLite template file of this migrations version, written once (atomically) per machine. */
async function sqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `lms-test-template-${migrationsHash}.sqlite`);
  if (existsSync(file)) return file;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lms-template-'));
  const building = path.join(dir, 'lms.sqlite');
  const handle = connectDatabase({ databaseUrl: undefined, sqliteFile: building, guard: { strict: true } });
  await migrateToLatest(handle.db, handle.dialect);
  await handle.close();
  renameSync(building, file);
  rmSync(dir, { recursive: true, force: true });
  return file;
}

/** A provisioned database without a connection: where it is, and how to drop it (data folder included). */
export interface ProvisionedDb {
  dataDir: string;
  sqliteFile: string;
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database of its own, not yet connected: a copy of the template as a temp SQLite file, or a new
 * PostgreSQL database from the template. The browser journeys' servers start on one (e2e/harness.ts), so they skip
 * migrating at start-up as the integration tests do.
 */
export async function provisionTestDb(dialect: Dialect, prefix = 'lms-test-'): Promise<ProvisionedDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const sqliteFile = path.join(dataDir, 'lms.sqlite');
  let databaseUrl: string | undefined;
  let dropPg = async () => {};
  if (dialect === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('DATABASE_URL is not set');
    const template = await postgresTemplate(base);
    const name = `lms_test_${randomBytes(6).toString('hex')}`;
    await pgQuery(base, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    // A test database need not survive a crash: commits do not wait for the WAL flush (8 ms -> 1 ms each on this
    // machine). Every other behaviour (transactions, locks, isolation) is PostgreSQL's own.
    url.searchParams.set('options', '-c synchronous_commit=off');
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
  } else {
    copyFileSync(await sqliteTemplate(), sqliteFile);
  }
  return {
    dataDir,
    sqliteFile,
    databaseUrl,
    drop: async () => {
      await dropPg();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated database of its own (provisionTestDb), connected. */
export async function createTestDb(dialect: Dialect): Promise<TestDb> {
  const { dataDir, sqliteFile, databaseUrl, drop } = await provisionTestDb(dialect);
  const handle = connectDatabase({ databaseUrl, sqliteFile, guard: { strict: true } });
  // Already at the latest version: this only confirms it (and would catch a template that is not).
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    dataDir,
    databaseUrl,
    drop: async () => {
      await handle.close();
      await drop();
    },
  };
}

import { Migrator, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DbHandle } from '../connect';
import type { Database, Dialect } from '../database';
import { migrations } from '../migrate';

// Test helpers for the tests of one migration: a database with no schema, and a migrator to take it step by step.
// Test-only.

export async function emptyDatabase(dialect: Dialect): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const handle = connectDatabase({ sqliteFile: ':memory:', guard: { strict: true } });
    return { handle, drop: () => handle.close() };
  }
  const base = process.env.DATABASE_URL ?? '';
  const name = `lms_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = connectDatabase({ databaseUrl: url.toString(), guard: { strict: true } });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** This release's migrations, to be run one named step at a time (migrateTo) and then to the newest. */
export const stepMigrator = (db: Kysely<Database>, dialect: Dialect): Migrator =>
  new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations(dialect)) },
    allowUnorderedMigrations: true,
  });

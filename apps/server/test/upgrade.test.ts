import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { TLocale } from '@lms/contracts/constants';
import type { TPlatformTextKey } from '@lms/contracts/platform-texts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase, type DbHandle } from '../src/db/connect';
import type { Dialect } from '../src/db/database';
import { migrateToLatest, migrations } from '../src/db/migrate';
import { DEFAULT_PLATFORM_TEXTS } from '../src/features/platform-texts/default-texts';
import { appliedMigrations, listTables } from '../src/ops/schema-inventory';
import { caller, testConfig } from './test-app';
import { DIALECTS, provisionTestDb } from './test-db';

// Issue 33 point 6: an upgrade drill. test-fixtures/upgrade holds a database made by an earlier release of this
// repository (commit 484da12, the last of 2026-11-25, migrations up to 0025) with its demo data and a CSV import of
// 200 users (test-fixtures/upgrade/README.md says how it was made). The current release migrates it, and every row
// of every table the old release had is still there with the same values; the demo users sign in and see their
// training. SQLite always; PostgreSQL (a plain SQL dump, run through the pg driver, no client tools) with DATABASE_URL.

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-fixtures/upgrade');
const RELEASE = 'release-2026-11-25';
const OLD_LATEST = '2026-11-25-0025-list-plans';
/** LMS_DEMO_PASSWORD of the old server that seeded the fixture. */
const DEMO_PASSWORD = 'Demo-Passwort-2026';

/**
 * Columns a later migration changes on purpose, per table: 0026 rewrites standard mail template texts (the fixture
 * has no templates), 0027 rebuilds paypal_webhook_events (empty), 0028 adds an index. 0033 (the glossary, issue 32)
 * rewrites the seeded FAQ and About texts nobody edited to the current wording: the test checks them against the
 * current defaults instead. A migration that transforms old rows adds its columns here with its name, so the test
 * says what it may change.
 */
const CHANGED_BY_MIGRATION: Record<string, readonly string[]> = { platform_texts: ['markdown'] };

/** Every table's rows as sorted JSON lines of the given columns (all when none): order-free, value-exact. */
async function snapshot(handle: DbHandle, columns?: Record<string, string[]>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await listTables(handle.db, handle.dialect)) {
    if (table.startsWith('kysely_migration')) continue;
    if (columns && !columns[table]) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db);
    const keep = (columns?.[table] ?? Object.keys(rows[0] ?? {})).filter(
      (c) => !(CHANGED_BY_MIGRATION[table] ?? []).includes(c),
    );
    out[table] = rows.map((r) => JSON.stringify(keep.map((c) => [c, r[c]]))).sort();
  }
  return out;
}

const columnsOf = (snap: Record<string, string[]>): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(snap).map(([t, rows]) => [t, rows[0] ? (JSON.parse(rows[0]) as [string][]).map(([c]) => c) : []]),
  );

/** A fresh database holding the old release's fixture, not yet migrated. */
async function loadFixture(dialect: Dialect) {
  const provisioned = await provisionTestDb(dialect, 'lms-upgrade-');
  if (dialect === 'sqlite') {
    writeFileSync(provisioned.sqliteFile, gunzipSync(readFileSync(path.join(fixtures, `${RELEASE}.sqlite.gz`))));
  } else {
    // The provisioned database is the migrated template: start from an empty schema for the old dump.
    const script = gunzipSync(readFileSync(path.join(fixtures, `${RELEASE}.postgres.sql.gz`))).toString('utf8');
    const client = new pg.Client({ connectionString: provisioned.databaseUrl });
    await client.connect();
    try {
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      await client.query(script);
    } finally {
      await client.end();
    }
  }
  const handle = connectDatabase({
    databaseUrl: provisioned.databaseUrl,
    sqliteFile: provisioned.sqliteFile,
    guard: { strict: true },
  });
  return { handle, provisioned };
}

describe.each(DIALECTS)('upgrade from an earlier release [%s]', (dialect: Dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('migrates the old database to the current schema and loses no row and no value', async () => {
    const { handle, provisioned } = await loadFixture(dialect);
    cleanups.push(provisioned.drop, handle.close);
    const applied = await appliedMigrations(handle.db);
    expect(applied.at(-1)).toBe(OLD_LATEST);
    const before = await snapshot(handle);
    expect(before.users).toHaveLength(210);
    expect(before.mail_queue).toHaveLength(200);

    await migrateToLatest(handle.db, handle.dialect);

    expect(new Set(await appliedMigrations(handle.db))).toEqual(new Set(Object.keys(migrations(dialect))));
    const after = await snapshot(handle, columnsOf(before));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    // The fixture's FAQ and About texts are the seeded ones, unedited: 0033 gave them today's wording.
    const texts = await sql<{ key: TPlatformTextKey; locale: TLocale; markdown: string }>`
      select key, locale, markdown from platform_texts`.execute(handle.db);
    expect(texts.rows.length).toBeGreaterThan(0);
    for (const t of texts.rows)
      expect(t.markdown, `${t.key} ${t.locale}`).toBe(DEFAULT_PLATFORM_TEXTS[t.key][t.locale]);

    // The current code reads the old data: the demo admin signs in and lists the imported users, the demo learner
    // sees the training the old release assigned.
    const app = await buildApp({ config: testConfig(provisioned.dataDir), db: handle.db, dialect });
    cleanups.push(() => app.close());
    const login = (email: string) =>
      caller(app, 'localhost').post('/api/user/login', { emailOrUsername: email, password: DEMO_PASSWORD });
    const admin = await login('admin@demo.example');
    expect(admin.statusCode, admin.body).toBe(200);
    const asAdmin = caller(app, 'localhost', admin.json<{ token: string }>().token);
    const users = await asAdmin.get('/api/users', { search: 'import.example', pageSize: '10' });
    expect(users.json<{ total: number }>().total).toBe(200);
    const learner = await login('participant@demo.example');
    expect(learner.statusCode).toBe(200);
    const mine = await caller(app, 'localhost', learner.json<{ token: string }>().token).get(
      '/api/user-course-trainings',
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('Datenschutz im Vertrieb');
  }, 120_000);
});

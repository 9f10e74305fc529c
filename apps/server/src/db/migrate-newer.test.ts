import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestDb, type TestDb } from '../../test/test-db';
import { migrateToLatest } from './migrate';

// A rolling upgrade (docs/operations.md section 5): while it rolls, a process of the older release may restart on a
// database a newer release has migrated. It starts on it as it is, instead of refusing as Kysely's migrator does.

const FUTURE = '2099-01-01-9999-from-a-newer-release';

describe.each(DIALECTS)('migrations of a newer release [%s]', (dialect) => {
  let testDb: TestDb | undefined;
  afterEach(async () => {
    await testDb?.drop();
    testDb = undefined;
  });

  const record = (db: TestDb['db'], name: string) =>
    db
      .insertInto('kysely_migration' as never)
      .values({ name, timestamp: new Date().toISOString() })
      .execute();

  it('starts on a database with migrations it does not know, once all of its own are applied', async () => {
    testDb = await createTestDb(dialect);
    await record(testDb.db, FUTURE);
    await expect(migrateToLatest(testDb.db, testDb.dialect)).resolves.toEqual({ newer: [FUTURE] });
    // Nothing changed: it runs again the same.
    await expect(migrateToLatest(testDb.db, testDb.dialect)).resolves.toEqual({ newer: [FUTURE] });
  });

  it('refuses a database that has unknown migrations and lacks some of its own', async () => {
    testDb = await createTestDb(dialect);
    await record(testDb.db, FUTURE);
    await testDb.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '2026-11-28-0028-learner-dashboard-index' as never)
      .execute();
    await expect(migrateToLatest(testDb.db, testDb.dialect)).rejects.toThrow(
      /does not know \(2099-01-01-9999-from-a-newer-release\) and lacks some it has \(2026-11-28-0028/,
    );
  });
});

import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/test-db';
import { connectDatabase } from './connect';
import { writeGeneration } from './write-generation';

describe.each(DIALECTS)('write generation [%s]', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('moves on writes to the training, course and module tables (also raw SQL), not on reads or other tables', async () => {
    const before = writeGeneration();
    await t.db.selectFrom('training_participants').selectAll().execute();
    await t.db.deleteFrom('sessions').where('id', '=', 'none').execute();
    expect(writeGeneration()).toBe(before);
    await t.db.deleteFrom('training_participants').where('user_id', '=', 'none').execute();
    const afterDelete = writeGeneration();
    expect(afterDelete).toBeGreaterThan(before);
    await t.db.updateTable('courses').set({ updated_at: new Date().toISOString() }).where('id', '=', 'none').execute();
    expect(writeGeneration()).toBeGreaterThan(afterDelete);
    const afterUpdate = writeGeneration();
    await sql`delete from training_module_values where user_id = ${'none'}`.execute(t.db);
    expect(writeGeneration()).toBeGreaterThan(afterUpdate);
  });

  it('moves once more when the transaction of a write has ended (a PostgreSQL write shows only after its COMMIT)', async () => {
    let inside = 0;
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('id', '=', 'none').execute();
      inside = writeGeneration('auth');
    });
    expect(writeGeneration('auth')).toBeGreaterThan(inside);
  });

  it('does so on a production connection too (not strict: no AsyncLocalStorage), after a rollback as well', async () => {
    const prod = connectDatabase({
      databaseUrl: t.databaseUrl,
      sqliteFile: t.databaseUrl ? undefined : path.join(t.dataDir, 'lms.sqlite'),
      guard: { strict: false },
    });
    try {
      let inside = 0;
      await prod.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sessions').where('id', '=', 'none').execute();
        inside = writeGeneration('auth');
      });
      expect(writeGeneration('auth')).toBeGreaterThan(inside);
      await expect(
        prod.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('users').where('id', '=', 'none').execute();
          inside = writeGeneration('people');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(writeGeneration('people')).toBeGreaterThan(inside);
      // A read in a transaction queues nothing: the counter stays.
      const before = writeGeneration('auth');
      await prod.db.transaction().execute((trx) => trx.selectFrom('sessions').selectAll().execute());
      expect(writeGeneration('auth')).toBe(before);
    } finally {
      await prod.close();
    }
  });
});

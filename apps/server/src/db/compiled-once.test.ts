import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/test-db';
import type { DbOrTrx } from './database';
import { compiledOnce } from './compiled-once';

/** A table of the test's own, beside the schema. */
const probe = (db: DbOrTrx) =>
  db.withTables<{ compiled_probe: { id: string; name: string; domain: string; is_active: boolean } }>();

describe.each(DIALECTS)('compiledOnce [%s]', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    await t.db.schema
      .createTable('compiled_probe')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .execute();
    await probe(t.db)
      .insertInto('compiled_probe')
      .values(
        ['a', 'b'].map((n) => ({ id: `client-${n}`, name: `Client ${n}`, domain: `${n}.x`, is_active: n === 'a' })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.drop();
  });

  const byDomain = compiledOnce(['domain'], (db, v, shape: 'id' | 'name') =>
    probe(db)
      .selectFrom('compiled_probe')
      .select([shape === 'id' ? 'id' : 'name', 'is_active'])
      .where('domain', '=', v.domain)
      .where('name', '!=', 'never'),
  );

  it("runs with each call's values, one compiled query per shape, the result transforms still applied", async () => {
    expect(await byDomain(t.db, 'id', { domain: 'a.x' })).toEqual([{ id: 'client-a', is_active: true }]);
    expect(await byDomain(t.db, 'id', { domain: 'b.x' })).toEqual([{ id: 'client-b', is_active: false }]);
    expect(await byDomain(t.db, 'name', { domain: 'b.x' })).toEqual([{ name: 'Client b', is_active: false }]);
    expect(await byDomain(t.db, 'id', { domain: 'none.x' })).toEqual([]);
    // Inside a transaction, on its connection.
    await t.db.transaction().execute(async (trx) => {
      expect(await byDomain(trx, 'id', { domain: 'a.x' })).toHaveLength(1);
    });
  });

  it('refuses a slot that the query does not bind as a parameter of its own', async () => {
    const unbound = compiledOnce(['domain', 'other'], (db, v) =>
      probe(db).selectFrom('compiled_probe').select('id').where('domain', '=', v.domain),
    );
    await expect(unbound(t.db, '', { domain: 'a', other: 'b' })).rejects.toThrow(/slot\(s\) other not bound/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/test-db';
import { shortCache } from './short-cache';

describe.each(DIALECTS)('shortCache [%s]', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('serves a key from one read until this process writes a table of its families; other writes keep it', async () => {
    const cached = shortCache<number>({ ms: 60_000, entries: 10, families: ['people'] });
    let reads = 0;
    const read = () => cached(t.db, { list: 'users', page: 1 }, () => Promise.resolve(++reads));
    // Requests that arrive while the read is under way share it.
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(1);
    expect(await cached(t.db, { list: 'users', page: 2 }, () => Promise.resolve(99))).toBe(99);

    await t.db.deleteFrom('sessions').where('id', '=', 'none').execute();
    await t.db.deleteFrom('training_participants').where('user_id', '=', 'none').execute();
    expect(await read()).toBe(1);

    await t.db.updateTable('users').set({ updated_at: new Date().toISOString() }).where('id', '=', 'none').execute();
    expect(await read()).toBe(2);
    await t.db.deleteFrom('group_members').where('user_id', '=', 'none').execute();
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
  });

  it('reads afresh inside a transaction, and keeps no failed read', async () => {
    const cached = shortCache<number>({ ms: 60_000, entries: 10, families: ['people'] });
    let reads = 0;
    const read = () => cached(t.db, 'k', () => Promise.resolve(++reads));
    expect(await read()).toBe(1);
    expect(await t.db.transaction().execute((trx) => cached(trx, 'k', () => Promise.resolve(++reads)))).toBe(2);
    await expect(cached(t.db, 'failing', () => Promise.reject(new Error('read failed')))).rejects.toThrow();
    expect(await cached(t.db, 'failing', () => Promise.resolve(7))).toBe(7);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/test-db';
import { setShortCachesEnabled, shortCache } from './short-cache';

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

  it('when full drops only the least recently used entry, never the whole cache', async () => {
    const cached = shortCache<string>({ ms: 60_000, entries: 3, families: ['people'] });
    const reads: string[] = [];
    const get = (k: string) =>
      cached(t.db, k, () => {
        reads.push(k);
        return Promise.resolve(k);
      });
    await get('a');
    await get('b');
    await get('c');
    await get('a'); // a hit: a is now the most recently used, b the least
    expect(reads).toEqual(['a', 'b', 'c']);
    await get('d'); // full: b makes room, a and c stay
    expect(cached.size()).toBe(3);
    await get('a');
    await get('c');
    await get('d');
    expect(reads).toEqual(['a', 'b', 'c', 'd']);
    await get('b'); // read again; a (used before c and d) is now the least recently used and goes
    await get('c');
    await get('d');
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'b']);
    await get('a');
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'b', 'a']);
    expect(cached.size()).toBe(3);
  });

  it('with SHORT_CACHES=off reads every time and keeps nothing', async () => {
    const cached = shortCache<number>({ ms: 60_000, entries: 10, families: ['people'] });
    let reads = 0;
    setShortCachesEnabled(false);
    try {
      expect(await cached(t.db, 'k', () => Promise.resolve(++reads))).toBe(1);
      expect(await cached(t.db, 'k', () => Promise.resolve(++reads))).toBe(2);
      expect(cached.size()).toBe(0);
    } finally {
      setShortCachesEnabled(true);
    }
    expect(await cached(t.db, 'k', () => Promise.resolve(++reads))).toBe(3);
    expect(await cached(t.db, 'k', () => Promise.resolve(++reads))).toBe(3);
  });
});

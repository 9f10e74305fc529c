import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/test-db';
import { allowCall, DbRateLimitStore, deleteOldRateLimitHits } from './rate-limit';

const LIMIT = { bucket: 'login', max: 30, windowMs: 60_000 };
const T0 = Date.parse('2031-05-01T10:00:00.000Z');

for (const dialect of DIALECTS) {
  describe(`rate limits kept in the database [${dialect}]`, () => {
    let testDb: TestDb;
    beforeAll(async () => {
      testDb = await createTestDb(dialect);
    });
    afterAll(() => testDb.drop());

    it('counts one IP across two stores (two processes) and refuses the 31st call of a minute', async () => {
      // Two stores on one database: what two server processes are.
      const a = new DbRateLimitStore(testDb.db);
      const b = new DbRateLimitStore(testDb.db);
      const answers: boolean[] = [];
      for (let i = 0; i < 31; i++) answers.push(await allowCall(i % 2 ? a : b, LIMIT, '203.0.113.7', T0 + i * 100));
      expect(answers.slice(0, 30).every(Boolean)).toBe(true);
      expect(answers[30]).toBe(false);
      // Another IP and another bucket count on their own.
      expect(await allowCall(a, LIMIT, '203.0.113.8', T0 + 5_000)).toBe(true);
      expect(await allowCall(a, { ...LIMIT, bucket: 'account' }, '203.0.113.7', T0 + 5_000)).toBe(true);
    });

    it('slides: the last minute counts, so a burst at a window end does not double the limit', async () => {
      const store = new DbRateLimitStore(testDb.db);
      const ip = '198.51.100.1';
      // 30 calls in the last 10 s of a window.
      for (let i = 0; i < 30; i++) expect(await allowCall(store, LIMIT, ip, T0 + 50_000 + i * 100)).toBe(true);
      // 5 s into the next window the old burst still weighs 11/12 of 30 (27): three more calls, not thirty.
      for (let i = 0; i < 3; i++) expect(await allowCall(store, LIMIT, ip, T0 + 65_000)).toBe(true);
      expect(await allowCall(store, LIMIT, ip, T0 + 65_000)).toBe(false);
      // A whole window later the old burst is gone.
      expect(await allowCall(store, LIMIT, ip, T0 + 180_000)).toBe(true);
    });

    it('the clean-up deletes the counts of old windows only', async () => {
      const store = new DbRateLimitStore(testDb.db);
      await allowCall(store, LIMIT, '192.0.2.1', T0 - 2 * 86_400_000);
      await allowCall(store, LIMIT, '192.0.2.1', T0);
      const deleted = await deleteOldRateLimitHits(testDb.db, new Date(T0 - 86_400_000));
      expect(deleted).toBe(1);
      const left = await testDb.db
        .selectFrom('rate_limit_hits')
        .select('subject')
        .where('subject', '=', '192.0.2.1')
        .execute();
      expect(left).toHaveLength(1);
    });
  });
}

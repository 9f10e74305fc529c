import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase, type DbHandle } from '../src/db/connect';
import { QueryOutsideTransactionError } from '../src/db/connection-guard';
import { createClient } from './factories';
import { testConfig } from './test-app';
import { DIALECTS, createTestDb, type TestDb } from './test-db';

// Hardening issue, point 2: a query beside an open transaction froze every tenant on SQLite.
for (const dialect of DIALECTS) {
  describe(`database connection guard [${dialect}]`, () => {
    let testDb: TestDb;
    beforeAll(async () => {
      testDb = await createTestDb(dialect);
    });
    afterAll(async () => {
      await testDb.drop();
    });

    it('fails at once, naming the mistake, when a query bypasses the open transaction (tests are strict)', async () => {
      const started = Date.now();
      const attempt = testDb.db.transaction().execute(async (trx) => {
        await trx.selectFrom('clients').select('id').execute();
        return testDb.db.selectFrom('clients').select('id').execute();
      });
      await expect(attempt).rejects.toBeInstanceOf(QueryOutsideTransactionError);
      await expect(attempt).rejects.toThrow(/bypassed the open transaction/);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The transaction's own queries and the root database after it still work.
      await expect(testDb.db.selectFrom('clients').select('id').execute()).resolves.toBeDefined();
    });

    it('answers 503 database_busy to a request that gets no connection in time, logs it, and serves the rest', async () => {
      // The production mode: not strict, a bounded wait, and (on PostgreSQL) one connection, so the bug that
      // froze SQLite freezes this pool too.
      const handle: DbHandle = connectDatabase({
        databaseUrl: testDb.databaseUrl,
        sqliteFile: path.join(testDb.dataDir, 'lms.sqlite'),
        poolMax: 1,
        guard: { strict: false, acquireTimeoutMs: 300 },
      });
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const deps = { config: testConfig(testDb.dataDir), db: handle.db, dialect };
      const app = await buildApp(deps, { logger: { level: 'warn', stream } });
      app.get('/api/test/stuck', { config: { access: 'public' } }, () =>
        handle.db.transaction().execute(async (trx) => {
          await trx.selectFrom('clients').select('id').execute();
          return handle.db.selectFrom('clients').select('id').execute();
        }),
      );
      await app.ready();
      try {
        const client = await createClient(handle.db);
        const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: client.host } });
        const [stuck, health, current] = await Promise.all([
          get('/api/test/stuck'),
          get('/api/health'),
          get('/api/client/current'),
        ]);
        expect(stuck.statusCode).toBe(503);
        expect(stuck.json()).toMatchObject({ error: 'database_busy' });
        expect(health.statusCode).toBe(200);
        expect(current.statusCode).toBe(200);
        expect((await get('/api/health')).statusCode).toBe(200);
        const logged = lines.map((l) => JSON.parse(l) as { msg: string; url?: string });
        expect(logged).toContainEqual(
          expect.objectContaining({ url: '/api/test/stuck', msg: expect.stringMatching(/database_busy/) }),
        );
      } finally {
        await app.close();
        await handle.close();
      }
    });

    it.skipIf(dialect !== 'postgres')(
      'answers 503 database_busy, not 500, to a request whose transaction PostgreSQL picks as a deadlock victim',
      async () => {
        const app = await buildApp({ config: testConfig(testDb.dataDir), db: testDb.db, dialect }, { logger: false });
        // Two transactions take two advisory locks in opposite order: PostgreSQL's deadlock detector ends one of them
        // with 40P01 after deadlock_timeout (1 s by default). The request's transaction waits longer, so it is the one.
        let requestHasFirst!: () => void;
        const requestLocked = new Promise<void>((resolve) => (requestHasFirst = resolve));
        app.get('/api/test/deadlock', { config: { access: 'public' } }, () =>
          testDb.db.transaction().execute(async (trx) => {
            await sql`SELECT pg_advisory_xact_lock(7001)`.execute(trx);
            requestHasFirst();
            await sql`SELECT pg_sleep(0.2)`.execute(trx);
            await sql`SELECT pg_advisory_xact_lock(7002)`.execute(trx);
            return { ok: true };
          }),
        );
        await app.ready();
        try {
          const client = await createClient(testDb.db);
          const other = testDb.db.transaction().execute(async (trx) => {
            await sql`SELECT pg_advisory_xact_lock(7002)`.execute(trx);
            await requestLocked;
            await sql`SET LOCAL deadlock_timeout = '5s'`.execute(trx);
            await sql`SELECT pg_advisory_xact_lock(7001)`.execute(trx);
          });
          const answer = await app.inject({ method: 'GET', url: '/api/test/deadlock', headers: { host: client.host } });
          await other;
          expect(answer.statusCode).toBe(503);
          expect(answer.json()).toMatchObject({ error: 'database_busy' });
        } finally {
          await app.close();
        }
      },
    );
  });
}

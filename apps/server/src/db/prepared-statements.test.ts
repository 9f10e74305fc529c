import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db';
import { compiledOnce } from './compiled-once';

// The compiled-once reads are kept prepared on each PostgreSQL connection (prepared-statements.ts). A migration
// that changes a table such a read takes whole (a rolling upgrade) must not fail the processes still running.
describe.runIf(process.env.DATABASE_URL)('prepared statements [postgres]', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    await sql`create table prepared_probe (id text primary key, a text)`.execute(testDb.db);
    await sql`insert into prepared_probe values ('1', 'x')`.execute(testDb.db);
  });
  afterAll(() => testDb?.drop());

  const read = compiledOnce(['id'], (db, v) =>
    db
      .selectFrom('prepared_probe' as 'users')
      .selectAll()
      .where('id', '=', v.id),
  );

  it('runs a compiled-once read as a named statement, and again after its table gained a column', async () => {
    const { db } = testDb;
    for (let i = 0; i < 3; i++) expect(await read(db, '', { id: '1' })).toEqual([{ id: '1', a: 'x' }]);
    const named = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
      where name like 'lms_prepared_%'`.execute(db);
    expect(named.rows[0]!.n).toBeGreaterThan(0);
    await sql`alter table prepared_probe add column b text not null default 'y'`.execute(db);
    // Every connection of the pool that prepared it meets the change once.
    for (let i = 0; i < 12; i++) expect(await read(db, '', { id: '1' })).toEqual([{ id: '1', a: 'x', b: 'y' }]);
  });
});

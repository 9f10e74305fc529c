import { LIST_TOTAL_CAP } from '@lms/contracts/constants';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from '../../test/test-db';
import { countCapped, paginateCapped } from './paging';

describe.each(DIALECTS)('countCapped [%s]', (dialect) => {
  let t: TestDb;
  let db: Kysely<{ paging_probe: { n: number } }>;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    db = t.db as unknown as Kysely<{ paging_probe: { n: number } }>;
    await sql`create table paging_probe (n integer not null)`.execute(db);
    await sql`insert into paging_probe (n) with recursive c(n) as (select 1 union all select n + 1 from c where n < ${LIST_TOTAL_CAP + 5}) select n from c`.execute(
      db,
    );
  });
  afterAll(async () => {
    await t.drop();
  });

  it('counts exactly up to the cap and says when there are more', async () => {
    expect(await countCapped(t.db, db.selectFrom('paging_probe').where('n', '<=', 50))).toEqual({
      total: 50,
      totalCapped: false,
    });
    expect(await countCapped(t.db, db.selectFrom('paging_probe').where('n', '<=', LIST_TOTAL_CAP))).toEqual({
      total: LIST_TOTAL_CAP,
      totalCapped: false,
    });
    expect(await countCapped(t.db, db.selectFrom('paging_probe'))).toEqual({
      total: LIST_TOTAL_CAP,
      totalCapped: true,
    });
  });

  it('pages up to the cap; a page that starts past it is empty, while the total still says "more"', async () => {
    const page = (n: number) =>
      paginateCapped(t.db, db.selectFrom('paging_probe'), { page: n, pageSize: 100 }, (q) =>
        q.select('n').orderBy('n'),
      );
    const last = await page(LIST_TOTAL_CAP / 100);
    expect(last.rows.map((r) => r.n)).toEqual(Array.from({ length: 100 }, (_, i) => LIST_TOTAL_CAP - 99 + i));
    expect(last).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
    const beyond = await page(LIST_TOTAL_CAP / 100 + 1);
    expect(beyond).toEqual({ rows: [], total: LIST_TOTAL_CAP, totalCapped: true });
  });
});

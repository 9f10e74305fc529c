import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from './connect';
import { QueryOutsideTransactionError } from './connection-guard';
import { sqliteWriteBatchOf } from './sqlite-write-batch';
import { writeGeneration } from './write-generation';

describe('sqlite write batch', () => {
  let dir: string;
  let handle: DbHandle;
  const count = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db)).rows[0]?.n);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'write-batch-'));
    handle = connectDatabase({ sqliteFile: path.join(dir, 'batch.sqlite'), guard: { strict: true } });
    await sql`create table t (n integer primary key)`.execute(handle.db);
    await sql`create table training_marks (n integer)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the writes of one turn in one transaction, each in order, answered after the commit', async () => {
    const batch = sqliteWriteBatchOf(handle.db);
    expect(batch).toBeDefined();
    const seen: number[] = [];
    const writes = [1, 2, 3].map((n) =>
      batch!.run((s) => {
        // A later write of the batch sees what the earlier ones wrote.
        seen.push(s.all<{ n: number }>('select count(*) as n from t', [])[0]!.n);
        s.run('insert into t (n) values (?)', [n]);
        return n * 10;
      }),
    );
    expect(await Promise.all(writes)).toEqual([10, 20, 30]);
    expect(seen).toEqual([0, 1, 2]);
    expect(await count()).toBe(3);
  });

  it('rolls back a write that throws, alone: its caller gets the error, the others commit', async () => {
    const batch = sqliteWriteBatchOf(handle.db)!;
    const first = batch.run((s) => s.run('insert into t (n) values (?)', [4]));
    const failing = batch.run((s) => {
      s.run('insert into t (n) values (?)', [5]);
      s.run('insert into t (n) values (?)', [4]); // the primary key is taken: this one fails
    });
    const last = batch.run((s) => s.run('insert into t (n) values (?)', [6]));
    await expect(failing).rejects.toThrow(/UNIQUE/);
    await Promise.all([first, last]);
    const rows = await sql<{ n: number }>`select n from t order by n`.execute(handle.db);
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 6]);
    // Alone in its batch, a write that throws rolls back too.
    await expect(
      batch.run((s) => {
        s.run('insert into t (n) values (?)', [7]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count()).toBe(5);
  });

  it("waits for another caller's open transaction instead of writing inside it", async () => {
    const batch = sqliteWriteBatchOf(handle.db)!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const other = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t (n) values (8)`.execute(trx);
      begun();
      await held;
      throw new Error('rolled back');
    });
    await inside;
    const batched = batch.run((s) => s.run('insert into t (n) values (?)', [9]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(other).rejects.toThrow('rolled back');
    await batched;
    const rows = await sql<{ n: number }>`select n from t where n >= 8`.execute(handle.db);
    expect(rows.rows.map((r) => r.n)).toEqual([9]);
  });

  it("refuses, in strict mode, a batched write from inside a transaction's callback (it would wait for itself)", async () => {
    const batch = sqliteWriteBatchOf(handle.db)!;
    await handle.db.transaction().execute(async () => {
      await expect(batch.run((s) => s.run('insert into t (n) values (?)', [10]))).rejects.toThrow(
        QueryOutsideTransactionError,
      );
    });
    expect(await count()).toBe(6);
  });

  it('moves the write generation of a table a short cache watches', async () => {
    const before = writeGeneration('learning');
    await sqliteWriteBatchOf(handle.db)!.run((s) => s.all('select count(*) from training_marks', []));
    expect(writeGeneration('learning')).toBe(before);
    await sqliteWriteBatchOf(handle.db)!.run((s) => s.run('insert into training_marks (n) values (?)', [1]));
    expect(writeGeneration('learning')).toBeGreaterThan(before);
  });

  it("is only there for SQLite's root database: not for a transaction, not on PostgreSQL", async () => {
    await handle.db.transaction().execute(async (trx) => {
      expect(sqliteWriteBatchOf(trx)).toBeUndefined();
      await Promise.resolve();
    });
    const pg = connectDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    expect(sqliteWriteBatchOf(pg.db)).toBeUndefined();
    await pg.close();
  });
});

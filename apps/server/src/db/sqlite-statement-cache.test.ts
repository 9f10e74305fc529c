import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

describe('sqlite statement cache', () => {
  it('reuses a statement by its SQL text, prepares anew beside a busy one, and keeps at most its size', () => {
    const file = new SQLite(':memory:');
    const db = withStatementCache(file, 2);
    file.exec('create table t (n integer)');
    file.exec('insert into t values (1), (2), (3)');
    const a = db.prepare('select n from t order by n');
    expect(db.prepare('select n from t order by n')).toBe(a);
    // A statement being iterated cannot run again until it is done: a second one serves meanwhile.
    const iter = (a as unknown as SQLite.Statement).iterate();
    iter.next();
    const beside = db.prepare('select n from t order by n');
    expect(beside).not.toBe(a);
    expect((beside as unknown as SQLite.Statement).all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    iter.return?.();
    // Least recently used goes first: a was used last, so b is evicted when c arrives.
    const b = db.prepare('select count(*) from t');
    db.prepare('select n from t order by n');
    db.prepare('select max(n) from t');
    expect(db.prepare('select n from t order by n')).toBe(a);
    expect(db.prepare('select count(*) from t')).not.toBe(b);
    db.close();
    expect(file.open).toBe(false);
  });
});

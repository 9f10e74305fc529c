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
    const iter = (a as unknown as { statement: SQLite.Statement }).statement.iterate();
    iter.next();
    const beside = db.prepare('select n from t order by n');
    expect(beside).not.toBe(a);
    expect(beside.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
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

  it('binds booleans as 1 and 0 (SQLite has no boolean type), in every way a statement runs', () => {
    const file = new SQLite(':memory:');
    const db = withStatementCache(file);
    file.exec('create table t (is_on integer, name text)');
    db.prepare('insert into t values (?, ?)').run([true, 'a']);
    db.prepare('insert into t values (?, ?)').run([false, 'b']);
    expect(db.prepare('select name from t where is_on = ?').all([true])).toEqual([{ name: 'a' }]);
    expect([...db.prepare('select name from t where is_on = ?').iterate([false])]).toEqual([{ name: 'b' }]);
    db.close();
  });
});

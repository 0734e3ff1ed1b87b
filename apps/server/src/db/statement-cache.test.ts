import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import { withStatementCache } from './statement-cache';

describe('the SQLite statement cache', () => {
  const file = new SQLite(':memory:');
  file.exec('create table t (n integer)');
  file.exec('insert into t values (1), (2), (3)');
  const database = withStatementCache(file);
  afterEach(() => {
    file.exec('delete from t where n > 3 or rowid > 3');
  });

  it('prepares a statement once and answers from it again', () => {
    const first = database.prepare('select n from t where n > ?');
    expect(database.prepare('select n from t where n > ?')).toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    database.prepare('insert into t values (?)').run([4]);
    expect(database.prepare('select n from t where n > ?').all([2])).toEqual([{ n: 3 }, { n: 4 }]);
  });

  it('gives a query of its own while the same statement is still being read', () => {
    const sql = 'select n from t order by n';
    const reading = database.prepare(sql) as SQLite.Statement;
    const seen: unknown[] = [];
    for (const row of reading.iterate([])) {
      seen.push(row, database.prepare(sql).all([]).length);
    }
    expect(seen).toEqual([{ n: 1 }, 3, { n: 2 }, 3, { n: 3 }, 3]);
  });

  it('answers rows as objects keyed by column name, as better-sqlite3 does', () => {
    const plain = `select n, n * 2 as "double", 'a' as "x", 'b' as "x" from t where n < ?`;
    expect(database.prepare(plain).all([3])).toEqual(file.prepare(plain).all(3));
    // A column named __proto__ never becomes the row's prototype.
    const sql = `select n, 'c' as "__proto__" from t where n < ?`;
    const rows = database.prepare(sql).all([2]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect([...database.prepare(sql).iterate([2])]).toEqual(rows);
  });

  it('binds booleans as 1 and 0, which better-sqlite3 refuses as they are', () => {
    database.prepare('insert into t values (?), (?)').run([true, false]);
    expect(database.prepare('select n from t where n <= ? order by n').all([true])).toEqual([
      { n: 0 },
      { n: 1 },
      { n: 1 },
    ]);
  });

  it('keeps a bounded number of statements', () => {
    const first = database.prepare('select 0 as n');
    for (let i = 1; i <= 500; i += 1) {
      database.prepare(`select ${i} as n`);
    }
    expect(database.prepare('select 0 as n')).not.toBe(first);
    expect(database.prepare('select 500 as n').all([])).toEqual([{ n: 500 }]);
  });
});

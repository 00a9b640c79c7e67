import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../src/db/engine/statement-cache.ts';

describe('withStatementCache', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t values (1), (2), (3)');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('prepares each SQL text once and reuses the statement', () => {
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite);
    const first = db.prepare('select n from t where n > ?');
    const again = db.prepare('select n from t where n > ?');
    expect(again).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(again.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('drops the least recently used text beyond its capacity', () => {
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite, 2);
    db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1');
    db.prepare('select 3');
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('gives a fresh statement while the cached one is still iterating', () => {
    const db = withStatementCache(sqlite);
    const iterating = db.prepare('select n from t order by n');
    const rows = iterating.iterate([]);
    rows.next();
    const other = db.prepare('select n from t order by n');
    expect(other).not.toBe(iterating);
    expect(other.all([])).toHaveLength(3);
    rows.return?.();
  });

  it('reports every statement that may write as it is handed out, cached or not, and no reads', () => {
    let writes = 0;
    const db = withStatementCache(sqlite, undefined, () => {
      writes++;
    });
    db.prepare('select n from t').all([]);
    expect(writes).toBe(0);
    db.prepare('insert into t values (?)').run([4]);
    db.prepare('insert into t values (?)').run([5]);
    db.prepare('update t set n = n + 1 returning n').all([]);
    expect(writes).toBe(3);
    db.prepare('select count(*) from t').all([]);
    expect(writes).toBe(3);
  });

  it('closes the connection', () => {
    withStatementCache(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});

import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-store.ts';

// The server and a CLI command write the same SQLite file from two connections. A deferred transaction
// that read before the other connection committed was refused at its first write (a CLI `meter:add`
// failed with `database is locked` during a browser test); an immediate one waits its turn.
describe.skipIf(onPostgres())('SQLite transactions take the write lock when they begin', () => {
  let t: TestApp;
  let other: SQLite.Database;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    if (!t.database.sqliteFile) throw new Error('not SQLite');
    other = new SQLite(t.database.sqliteFile);
    other.pragma('busy_timeout = 0');
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  const otherWrites = (name: string) => () =>
    other.prepare("insert into app_secrets (name, value) values (?, 'x')").run(name);

  it('holds the lock from the start, so another connection cannot write in between', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('app_secrets').select('name').execute();
      expect(otherWrites('between')).toThrow(/locked|busy/i);
      await trx.insertInto('app_secrets').values({ name: 'mine', value: 'x' }).execute();
    });
    const names = other
      .prepare('select name from app_secrets where name in (?, ?)')
      .pluck()
      .all('mine', 'between');
    expect(names).toEqual(['mine']);
  });

  it('lets another connection write once it has committed', async () => {
    await t.database.db
      .transaction()
      .execute((trx) => trx.insertInto('app_secrets').values({ name: 'first', value: 'x' }).execute());
    expect(otherWrites('after')).not.toThrow();
  });
});

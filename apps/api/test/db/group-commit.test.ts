import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGroupCommit } from '../../src/db/engine/group-commit.ts';
import { createWriteTurns } from '../../src/db/engine/write-turns.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-store.ts';

const insertSecret = (db: Kysely<Database>, name: string) =>
  db.insertInto('app_secrets').values({ name, value: 'x' }).execute();

describe.skipIf(onPostgres())('group commit (SQLite)', () => {
  let t: TestApp;
  let other: SQLite.Database;
  beforeAll(async () => {
    t = await createTestApp();
    if (!t.database.sqliteFile) throw new Error('not SQLite');
    other = new SQLite(t.database.sqliteFile, { readonly: true });
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  const committed = (name: string) =>
    other.prepare('select count(*) as n from app_secrets where name = ?').get(name) as { n: number };

  it('commits works that arrive together in one transaction, each settled after the commit', async () => {
    const db = t.database.db;
    const group = createGroupCommit(db);
    const startTransaction = vi.spyOn(db, 'startTransaction');
    const seenAfterCommit: number[] = [];
    await Promise.all(
      ['a1', 'a2', 'a3', 'a4'].map((name) =>
        group
          .run(async (trx) => {
            await insertSecret(trx, name);
            return name;
          })
          .then((value) => {
            expect(value).toBe(name);
            seenAfterCommit.push(committed(name).n);
          }),
      ),
    );
    expect(startTransaction).toHaveBeenCalledTimes(1);
    expect(seenAfterCommit).toEqual([1, 1, 1, 1]);
  });

  it('begins a group only in its turn, after another writer of the process (ADR 052, worker), and takes in the works queued meanwhile', async () => {
    const db = t.database.db;
    const turns = createWriteTurns();
    const group = createGroupCommit(db, turns);
    const startTransaction = vi.spyOn(db, 'startTransaction');
    startTransaction.mockClear();
    let endTurn = () => {};
    const otherWriter = turns.run(() => new Promise<void>((resolve) => (endTurn = resolve)));
    const works = ['t1', 't2'].map((name) => group.run((trx) => insertSecret(trx, name)));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(startTransaction).not.toHaveBeenCalled();
    const late = group.run((trx) => insertSecret(trx, 't3'));
    endTurn();
    await otherWriter;
    await Promise.all([...works, late]);
    expect(startTransaction).toHaveBeenCalledTimes(1);
    expect([committed('t1').n, committed('t2').n, committed('t3').n]).toEqual([1, 1, 1]);
  });

  it('undoes a failing work alone and gives it its own error', async () => {
    const group = createGroupCommit(t.database.db);
    const refused = new Error('refused');
    const results = await Promise.allSettled([
      group.run((trx) => insertSecret(trx, 'b1')),
      group.run(async (trx) => {
        await insertSecret(trx, 'b2');
        throw refused;
      }),
      group.run((trx) => insertSecret(trx, 'b3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: refused });
    expect([committed('b1').n, committed('b2').n, committed('b3').n]).toEqual([1, 0, 1]);
  });

  it('fails every work of the group, storing none, when the commit fails', async () => {
    const group = createGroupCommit(t.database.db);
    const results = await Promise.allSettled([
      group.run((trx) => insertSecret(trx, 'c1')),
      group.run(async (trx) => {
        // A deferred foreign key is only checked by COMMIT, which then fails.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into device_items (device_id, name, unit) values (999999, 'x', 'x')`.execute(trx);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committed('c1').n).toBe(0);
    // The group is usable again afterwards.
    await group.run((trx) => insertSecret(trx, 'c2'));
    expect(committed('c2').n).toBe(1);
  });
});

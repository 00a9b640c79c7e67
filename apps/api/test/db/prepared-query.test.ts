import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preparedQuery } from '../../src/db/prepared-query.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('preparedQuery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const usersByRole = preparedQuery((db: Kysely<Database>, values: { role: number; email: string }) =>
    db
      .selectFrom('users')
      .select(['email', 'role'])
      .where('role', '=', values.role)
      .where('email', '!=', values.email)
      .where('disabled', '=', 0)
      .orderBy('email'),
  );

  it('runs with the values of each call, also inside a transaction', async () => {
    const db = t.database.db;
    expect(await usersByRole(db, { role: 2, email: 'ny@eksempel.dk' })).toEqual([
      { email: 'klover@eksempel.dk', role: 2 },
      { email: 'kunde@eksempel.dk', role: 2 },
    ]);
    expect(await usersByRole(db, { role: 1, email: 'x' })).toEqual([{ email: 'admin@eksempel.dk', role: 1 }]);
    const inTransaction = await db.transaction().execute((trx) => usersByRole(trx, { role: 0, email: 'x' }));
    expect(inTransaction).toEqual([{ email: 'tekniker@eksempel.dk', role: 0 }]);
  });

  it('builds and compiles the query once per dialect', async () => {
    const build = vi.fn((db: Kysely<Database>, values: { email: string }) =>
      db.selectFrom('users').select('role').where('email', '=', values.email),
    );
    const roleOf = preparedQuery(build);
    const db = t.database.db;
    expect(await roleOf(db, { email: 'admin@eksempel.dk' })).toEqual([{ role: 1 }]);
    expect(await roleOf(db, { email: 'tekniker@eksempel.dk' })).toEqual([{ role: 0 }]);
    expect(await db.transaction().execute((trx) => roleOf(trx, { email: 'kunde@eksempel.dk' }))).toEqual([
      { role: 2 },
    ]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses to run without a value for a stand-in', async () => {
    const byEmail = preparedQuery((db: Kysely<Database>, values: { email: string }) =>
      db.selectFrom('users').select('id').where('email', '=', values.email),
    );
    await expect(byEmail(t.database.db, {} as { email: string })).rejects.toThrow('no value for email');
  });
});

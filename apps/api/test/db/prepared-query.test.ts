import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import {
  preparedListQuery,
  preparedQuery,
  preparedStatementName,
} from '../../src/db/engine/prepared-query.ts';
import type { Database } from '../../src/db/schema.ts';
import { useDemoApp } from '../helpers/demo-app.ts';

describe('preparedQuery', () => {
  const t = useDemoApp();

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

describe('preparedListQuery', () => {
  const t = useDemoApp();

  const buildRolesOf = () =>
    vi.fn((db: Kysely<Database>, users: readonly { email: string }[], values: { disabled: number }) =>
      db
        .selectFrom('users')
        .select(['email', 'role'])
        .where(
          'email',
          'in',
          users.map((user) => user.email),
        )
        .where('disabled', '=', values.disabled)
        .orderBy('email'),
    );

  it('runs with the rows and values of each call, built once per list length', async () => {
    const build = buildRolesOf();
    const rolesOf = preparedListQuery(build);
    const db = t.database.db;
    const enabled = { disabled: 0 };
    expect(await rolesOf(db, [{ email: 'admin@eksempel.dk' }], enabled)).toEqual([
      { email: 'admin@eksempel.dk', role: 1 },
    ]);
    expect(
      await rolesOf(db, [{ email: 'kunde@eksempel.dk' }, { email: 'tekniker@eksempel.dk' }], enabled),
    ).toEqual([
      { email: 'kunde@eksempel.dk', role: 2 },
      { email: 'tekniker@eksempel.dk', role: 0 },
    ]);
    expect(await rolesOf(db, [{ email: 'tekniker@eksempel.dk' }], enabled)).toEqual([
      { email: 'tekniker@eksempel.dk', role: 0 },
    ]);
    expect(await rolesOf(db, [{ email: 'tekniker@eksempel.dk' }], { disabled: 1 })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('inserts rows, and keeps a bounded number of list lengths', async () => {
    const insertCustomers = preparedListQuery(
      (db: Kysely<Database>, rows: readonly { id: string; name: string }[], _values: Record<string, never>) =>
        db
          .insertInto('customers')
          .values(
            rows.map((row) => ({
              id: row.id,
              name: row.name,
              address: '',
              postal: '',
              town: '',
              created_at: row.id,
            })),
          )
          .returning('name'),
    );
    const db = t.database.db;
    const rows = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => ({
        id: `${prefix}-${count}-${i}`,
        name: `Kunde ${prefix} ${count}.${i}`,
      }));
    expect(await insertCustomers(db, rows(2, 'a'), {})).toEqual([
      { name: 'Kunde a 2.0' },
      { name: 'Kunde a 2.1' },
    ]);

    const build = buildRolesOf();
    const rolesOf = preparedListQuery(build);
    const emails = (count: number) => Array.from({ length: count }, (_, i) => ({ email: `${i}@x` }));
    for (let length = 1; length <= 65; length++) await rolesOf(db, emails(length), { disabled: 0 });
    await rolesOf(db, emails(65), { disabled: 0 });
    expect(build).toHaveBeenCalledTimes(65);
    await rolesOf(db, emails(1), { disabled: 0 });
    expect(build).toHaveBeenCalledTimes(66);
  });

  it('names single-value queries for PostgreSQL, and list queries only when asked to', async () => {
    const db = t.database.db;
    const sqlOf = async (run: () => Promise<unknown>) => {
      const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
      try {
        await run();
        return spy.mock.calls.map(([query]) => query.sql);
      } finally {
        spy.mockRestore();
      }
    };
    const roleOf = preparedQuery((builder: Kysely<Database>, values: { email: string }) =>
      builder.selectFrom('users').select('role').where('email', '=', values.email),
    );
    const rolesOf = preparedListQuery(buildRolesOf());
    const namedRolesOf = preparedListQuery(buildRolesOf(), { namedOnPostgres: true });
    const admin = [{ email: 'admin@eksempel.dk' }];
    const [single] = await sqlOf(() => roleOf(db, { email: 'admin@eksempel.dk' }));
    const [list] = await sqlOf(() => rolesOf(db, admin, { disabled: 0 }));
    // Two rows, not one: names go by SQL text, and the one-row text is the unnamed query's above.
    const [namedList] = await sqlOf(() => namedRolesOf(db, [...admin, { email: 'x@y' }], { disabled: 0 }));
    expect(single && preparedStatementName(single)).toMatch(/^maaler_\d+$/);
    expect(list && preparedStatementName(list)).toBeUndefined();
    expect(namedList && preparedStatementName(namedList)).toMatch(/^maaler_\d+$/);
  });
});

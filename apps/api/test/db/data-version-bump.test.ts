import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { mayWrite, withDataVersion } from '../../src/db/engine/data-version-bump.ts';

describe('mayWrite', () => {
  it('tells statements that may change data from those that only read or lock', () => {
    expect(mayWrite('insert into "readings" ("id") values ($1)')).toBe(true);
    expect(mayWrite('  UPDATE "users" set "disabled" = $1')).toBe(true);
    expect(mayWrite('delete from "idempotency_keys" where "created_at" < $1')).toBe(true);
    expect(mayWrite('with "gone" as (delete from "x" returning "id") select * from "gone"')).toBe(true);
    expect(mayWrite('select "updated_at" from "users" for update')).toBe(false);
    expect(mayWrite('with "t" as (select 1) select * from "t"')).toBe(false);
    expect(mayWrite('analyze "readings"')).toBe(false);
    // A function that writes is called through callWritingFunction: the pool never guesses from a select's text.
    expect(mayWrite("select * from register_readings('a', '[]'::jsonb, null)")).toBe(false);
  });
});

describe('withDataVersion (with a stand-in connection: what it sends)', () => {
  function recordingPool() {
    const sent: string[] = [];
    const pool: PostgresPool = {
      connect: async () => ({
        query: (async (sql: string) => {
          sent.push(sql);
          const insert = sql.includes('insert');
          const result = { command: insert ? 'INSERT' : 'SELECT', rowCount: insert ? 2 : 0, rows: [] };
          return sql.includes(';') ? [result, result] : result;
        }) as unknown as PostgresPoolClient['query'],
        release: () => undefined,
      }),
      end: async () => undefined,
    };
    return { pool, sent };
  }

  it('bumps the version in the commit of a transaction that wrote, and after a write outside one', async () => {
    const { pool, sent } = recordingPool();
    const committed = vi.fn();
    const connection = await withDataVersion(pool, committed).connect();
    await connection.query('begin', []);
    await connection.query('insert into "readings" ("id") values ($1), ($2)', [1, 2]);
    await connection.query('commit', []);
    await connection.query('begin', []);
    await connection.query('select 1', []);
    await connection.query('commit', []);
    await connection.query('insert into "reading_audit" ("id") values ($1), ($2)', [1, 2]);
    expect(sent).toEqual([
      'begin',
      'insert into "readings" ("id") values ($1), ($2)',
      "commit; select nextval(to_regclass('maaler_data_version'))",
      'begin',
      'select 1',
      'commit',
      'insert into "reading_audit" ("id") values ($1), ($2)',
      "select nextval(to_regclass('maaler_data_version'))",
    ]);
    expect(committed.mock.calls).toEqual([[new Map([['readings', 2]])], [new Map([['reading_audit', 2]])]]);
  });

  it('counts the rows of a WITH that inserts into two tables for each of them', async () => {
    const { pool } = recordingPool();
    const committed = vi.fn();
    const connection = await withDataVersion(pool, committed).connect();
    await connection.query('begin', []);
    await connection.query(
      'with "inserted" as (insert into "readings" ("id") values ($1), ($2) returning "id"), "audited" as (insert into "reading_audit" ("reading_id") select "id" from "inserted") select "id" from "inserted"',
      [1, 2],
    );
    await connection.query('commit', []);
    expect(committed.mock.calls).toEqual([
      [
        new Map([
          ['readings', 2],
          ['reading_audit', 2],
        ]),
      ],
    ]);
  });

  it('forgets what a rolled-back transaction wrote', async () => {
    const { pool, sent } = recordingPool();
    const committed = vi.fn();
    const connection = await withDataVersion(pool, committed).connect();
    await connection.query('begin', []);
    await connection.query('insert into "readings" ("id") values ($1)', [1]);
    await connection.query('rollback', []);
    await connection.query('begin', []);
    await connection.query('commit', []);
    expect(sent.at(-1)).toBe('commit');
    expect(committed).not.toHaveBeenCalled();
  });

  it('sends a write without parameters outside a transaction with its commit and the bump, in one text', async () => {
    const { pool, sent } = recordingPool();
    const committed = vi.fn();
    const connection = await withDataVersion(pool, committed).connect();
    const result = await connection.query('insert into "readings" ("id") values (1)', []);
    expect(result.command).toBe('INSERT');
    expect(sent).toEqual([
      `begin; insert into "readings" ("id") values (1); commit; select nextval(to_regclass('maaler_data_version'))`,
    ]);
    expect(committed.mock.calls).toEqual([[new Map([['readings', 2]])]]);
  });

  /** A pool whose one statement answers what a writing function reports, failing when the text holds `fails`. */
  function functionPool(reportedRows: object) {
    const sent: string[] = [];
    const released = vi.fn();
    const reported = { command: 'SELECT', rowCount: 1, rows: [reportedRows] };
    const pool: PostgresPool = {
      connect: async () => ({
        query: (async (sql: string) => {
          sent.push(sql);
          if (sql.includes('fails')) throw new Error('refused');
          return sql.includes(';') ? [reported, reported, reported, reported] : reported;
        }) as unknown as PostgresPoolClient['query'],
        release: released,
      }),
      end: async () => undefined,
    };
    return { pool, sent, released };
  }

  it('calls a writing function with literal arguments, its commit and the bump in one text, counting the rows it reports', async () => {
    const { pool, sent, released } = functionPool({ inserted_rows: { readings: 3, reading_audit: 4 } });
    const committed = vi.fn();
    const rows = await withDataVersion(pool, committed).callWritingFunction('register_readings', [
      "it's",
      '[]',
      null,
    ]);
    expect(rows).toEqual([{ inserted_rows: { readings: 3, reading_audit: 4 } }]);
    expect(sent).toEqual([
      `begin; select * from "register_readings"('it''s', '[]', null); commit; select nextval(to_regclass('maaler_data_version'))`,
    ]);
    expect(committed.mock.calls).toEqual([
      [
        new Map([
          ['readings', 3],
          ['reading_audit', 4],
        ]),
      ],
    ]);
    expect(released).toHaveBeenCalledOnce();
  });

  it('rolls back a failed writing-function call and a failed write sent alone, and bumps nothing', async () => {
    const { pool, sent, released } = functionPool({});
    const committed = vi.fn();
    const versioned = withDataVersion(pool, committed);
    await expect(versioned.callWritingFunction('fails', [])).rejects.toThrow('refused');
    expect(sent.at(-1)).toBe('rollback');
    expect(released).toHaveBeenCalledOnce();
    const connection = await versioned.connect();
    await expect(connection.query('update "x" set "y" = \'fails\'', [])).rejects.toThrow('refused');
    expect(sent.at(-1)).toBe('rollback');
    expect(committed).not.toHaveBeenCalled();
  });
});

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
    expect(mayWrite("select * from register_readings('a', '[]'::jsonb, null)")).toBe(true);
    expect(mayWrite('select "register_readings_total" from "stats"')).toBe(false);
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
    const result = await connection.query("select * from register_readings('a', '[]'::jsonb, null)", []);
    expect(result.command).toBe('SELECT');
    expect(sent).toEqual([
      "begin; select * from register_readings('a', '[]'::jsonb, null); commit; select nextval(to_regclass('maaler_data_version'))",
    ]);
    expect(committed).not.toHaveBeenCalled();
  });

  it('counts the rows a writing function reports, and rolls back a failed write sent alone', async () => {
    const sent: string[] = [];
    const reported = {
      command: 'SELECT',
      rowCount: 1,
      rows: [{ inserted_rows: { readings: 3, reading_audit: 4 } }],
    };
    const pool: PostgresPool = {
      connect: async () => ({
        query: (async (sql: string) => {
          sent.push(sql);
          if (sql.includes('fails')) throw new Error('refused');
          return sql.includes(';') ? [reported, reported, reported, reported] : reported;
        }) as unknown as PostgresPoolClient['query'],
        release: () => undefined,
      }),
      end: async () => undefined,
    };
    const committed = vi.fn();
    const connection = await withDataVersion(pool, committed).connect();
    await connection.query("select * from register_readings('a', '[]'::jsonb, null)", []);
    expect(committed.mock.calls).toEqual([
      [
        new Map([
          ['readings', 3],
          ['reading_audit', 4],
        ]),
      ],
    ]);
    await expect(connection.query('update "x" set "y" = \'fails\'', [])).rejects.toThrow('refused');
    expect(sent.at(-1)).toBe('rollback');
  });
});

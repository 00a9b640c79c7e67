import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOT_READ_CALLS,
  hotReadCalls,
  recordingSqlite,
  sqlitePlan,
} from '../../../../bench/lib/hot-read-calls.ts';
import { selectFirstReadingDate } from '../../src/db/repositories/period-readings.ts';
import { appWithGeneratedTenant } from '../helpers/generated-tenant.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-store.ts';

/**
 * SQLite plans without statistics (the server never runs ANALYZE on SQLite) do not depend on the
 * tables' sizes, so a small generated tenant shows the plans the 10M tenant gets (docs/performance.md,
 * "Cost as data grows"). PostgreSQL plans by its statistics, so its plans are shown at 10M by the bench.
 */
describe.skipIf(onPostgres())('plans of the calls measured as data grows (issue 20)', () => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    ({ t, accountId } = await appWithGeneratedTenant({
      accounts: 2,
      locations: 4,
      meters: 20,
      points: 50,
      readings: 2000,
    }));
  });
  afterAll(() => t.close());

  const sqlite = () => {
    if (!t.database.sqlite) throw new Error('a SQLite test');
    return t.database.sqlite;
  };

  it('reads no table from end to end in any statement of the tree, route status, history, period status and export', async () => {
    const { db, statements } = recordingSqlite(sqlite());
    const calls = await hotReadCalls(
      db,
      accountId,
      'aflaeser001@skala.eksempel.dk',
      new Date('2026-11-22T10:00:00Z'),
    );
    for (const call of HOT_READ_CALLS) {
      statements.length = 0;
      await calls[call]();
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        const scans = sqlitePlan(sqlite(), statement).filter((line) => /^\s*SCAN /.test(line));
        expect({ call, sql: statement.sql, scans }).toEqual({ call, sql: statement.sql, scans: [] });
      }
    }
  });

  it("finds the account's first reading day with one index seek per point, not by reading its history", async () => {
    const { db, statements } = recordingSqlite(sqlite());
    expect(await selectFirstReadingDate(db, accountId)).toMatch(/^2025-1[12]-\d\d$/);
    const [statement] = statements;
    if (!statement) throw new Error('no statement ran');
    const plan = sqlitePlan(sqlite(), statement);
    const readingSteps = plan.filter((line) => / r /.test(`${line} `));
    // Only the per-point subquery reads `readings`, from the covering (point, date) index.
    expect(readingSteps).toEqual([
      expect.stringMatching(
        /^\s+SEARCH r USING COVERING INDEX sqlite_autoindex_readings_1 \(device_item_id=\?\)$/,
      ),
    ]);
    expect(plan.some((line) => line.includes('CORRELATED SCALAR SUBQUERY'))).toBe(true);
  });
});

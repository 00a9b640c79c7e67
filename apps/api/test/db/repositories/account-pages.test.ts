import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingSqlite, sqlitePlan } from '../../../../../bench/lib/hot-read-calls.ts';
import {
  type ImportMeter,
  type ImportPoint,
  type PlacePage,
  selectAccountPoints,
  selectAccountRemoteMeters,
} from '../../../src/db/repositories/imports.ts';
import { pagesInTurns } from '../../../src/services/imports/pages-in-turns.ts';
import { appWithGeneratedTenant } from '../../helpers/generated-tenant.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { onPostgres } from '../../helpers/test-store.ts';

// The remote import reads an account's meters and points a page at a time (ADR 052). Each page must
// cost what it holds: pages by id made SQLite read and sort the whole rest of the account for each.
describe("an account's meters and points a page at a time", () => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    ({ t, accountId } = await appWithGeneratedTenant({
      accounts: 3,
      locations: 12,
      meters: 90,
      points: 150,
      readings: 300,
    }));
    // Every other meter remote, so the remote pages skip meters of the same locations.
    await t.database.db
      .updateTable('devices')
      .set((eb) => ({ radio_id: eb.ref('serial_number') }))
      .where((eb) => eb(eb('id', '%', 2), '=', 0))
      .execute();
  });
  afterAll(() => t.close());

  /** Every page through the plan's own pager, without turns (no other requests here). */
  const allPages = <Row>(select: (page: PlacePage<Row>) => Promise<Row[]>, limit: number) =>
    pagesInTurns(select, { pause: async () => {} }, limit);
  const byId = <Row extends { id: number }>(rows: Row[]) => [...rows].sort((a, b) => a.id - b.id);

  it.each([1, 4, 7, 1000])(
    'reads every point and remote meter exactly once in pages of %i',
    async (limit) => {
      const db = t.database.db;
      const points = await selectAccountPoints(db, accountId);
      const meters = await selectAccountRemoteMeters(db, accountId);
      expect(points.length).toBeGreaterThan(20);
      expect(meters.length).toBeGreaterThan(5);
      expect(
        byId(await allPages<ImportPoint>((page) => selectAccountPoints(db, accountId, page), limit)),
      ).toEqual(points);
      expect(
        byId(await allPages<ImportMeter>((page) => selectAccountRemoteMeters(db, accountId, page), limit)),
      ).toEqual(meters);
    },
  );

  it.skipIf(onPostgres())('walks the indexes in their order on SQLite, sorting nothing', async () => {
    const sqlite = t.database.sqlite;
    if (!sqlite) throw new Error('a SQLite test');
    const { db, statements } = recordingSqlite(sqlite);
    const [point] = await selectAccountPoints(db, accountId, { after: undefined, limit: 3 });
    const [meter] = await selectAccountRemoteMeters(db, accountId, { after: undefined, limit: 3 });
    await selectAccountPoints(db, accountId, { after: point, limit: 3 });
    await selectAccountRemoteMeters(db, accountId, { after: meter, limit: 3 });
    expect(statements).toHaveLength(4);
    for (const statement of statements) {
      const plan = sqlitePlan(sqlite, statement);
      expect(plan.filter((line) => /TEMP B-TREE|^\s*SCAN /.test(line))).toEqual([]);
    }
  });
});

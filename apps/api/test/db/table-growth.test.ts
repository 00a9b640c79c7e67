import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/engine/connection.ts';
import type { ReadingWrite } from '../../src/db/repositories/readings.ts';
import { storeReadings } from '../../src/services/readings/readings.ts';
import { prepareDatabase } from '../../src/startup/prepare-database.ts';
import { createTestStore, onPostgres, type TestStore } from '../helpers/test-store.ts';

const GROWTH = 6_000;

describe.skipIf(!onPostgres())('table statistics as readings grow (PostgreSQL only, ADR 022)', () => {
  let store: TestStore;
  let handle: DatabaseHandle;
  /** Another connection that lives through the growth, as a pooled connection of an instance does. */
  let longLived: pg.Client;
  let userId: string;
  let itemIds: number[];
  let nextDay = 0;

  beforeAll(async () => {
    store = await createTestStore();
    handle = store.open();
    await prepareDatabase(handle, { demo: true });
    // Nothing but this test's own writes may refresh the statistics meanwhile.
    await sql`alter table readings set (autovacuum_enabled = false)`.execute(handle.db);
    await sql`truncate readings cascade`.execute(handle.db);
    await sql`analyze readings`.execute(handle.db);
    const user = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    userId = user.id;
    const items = await handle.db.selectFrom('device_items').select('id').orderBy('id').execute();
    itemIds = items.map((item) => item.id);
    longLived = new pg.Client({ connectionString: store.databaseUrl });
    await longLived.connect();
  });
  afterAll(async () => {
    await longLived?.end();
    await handle?.db.destroy();
    await store?.dispose();
  });

  /** One reading and its audit row on the long-lived connection; how it scanned `readings` for the audit row's foreign key. */
  async function auditedReading(): Promise<{ seqScans: number; indexScans: number }> {
    const day = `1900-01-01_${nextDay++}`;
    const { rows } = await longLived.query<{ id: number }>(
      `insert into readings (device_item_id, date_record, value, registered_at, registered_by)
       values ($1, $2, '1', '2026-01-01T00:00:00.000Z', $3) returning id`,
      [itemIds[0], day, userId],
    );
    // The view counts what this connection has not reported yet, over transactions: the difference.
    const scans = async () => {
      const { rows: counts } = await longLived.query<{ seq_scan: string; idx_scan: string }>(
        "select seq_scan, coalesce(idx_scan, 0) as idx_scan from pg_stat_xact_user_tables where relname = 'readings'",
      );
      return { seqScans: Number(counts[0]?.seq_scan), indexScans: Number(counts[0]?.idx_scan) };
    };
    await longLived.query('begin');
    try {
      const before = await scans();
      await longLived.query(
        `insert into reading_audit (reading_id, new_value, changed_at, changed_by)
         values ($1, '1', '2026-01-01T00:00:00.000Z', $2)`,
        [rows[0]?.id, userId],
      );
      const after = await scans();
      return { seqScans: after.seqScans - before.seqScans, indexScans: after.indexScans - before.indexScans };
    } finally {
      await longLived.query('commit');
    }
  }

  function readingsOfDay(day: number): ReadingWrite[] {
    return itemIds.map((deviceItemId) => ({
      deviceItemId,
      dateRecord: `2000-${String(day).padStart(5, '0')}`,
      value: '1',
      at: '2026-01-01T00:00:00.000Z',
      by: userId,
      plausibilityOverride: 0,
      needsReview: 0,
      reason: 'periodic',
      source: 'web',
      enteredAt: null,
    }));
  }

  it('checks the audit rows against readings with the primary key once the server has grown the table', async () => {
    // While `readings` is empty a scan of it is the cheapest check: the plan the connection keeps.
    const whileEmpty = [];
    for (let i = 0; i < 8; i++) whileEmpty.push(await auditedReading());
    expect(whileEmpty.at(-1)).toEqual({ seqScans: 1, indexScans: 0 });

    let stored = 0;
    for (let day = 0; stored < GROWTH; day++) {
      const batch = readingsOfDay(day);
      await handle.db.transaction().execute((trx) => storeReadings(trx, batch));
      stored += batch.length;
    }
    await handle.tableGrowth?.settled();

    const after = await auditedReading();
    expect(after).toEqual({ seqScans: 0, indexScans: 1 });
  });
});

import { PostgresDialect } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingKysely } from '../../../../bench/lib/hot-read-calls.ts';
import { selectPointReadings } from '../../src/db/repositories/reading-history.ts';
import { analyzedPlan, analyzedTenant, type PlanNode, planSteps } from '../helpers/postgres-plan.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-store.ts';

/** The rows each step over `readings` produced or read past, over all its loops. */
function readingsRowsTouched(plan: PlanNode): number {
  return planSteps(plan)
    .filter((step) => step['Relation Name'] === 'readings')
    .reduce(
      (sum, step) =>
        sum + (step['Actual Rows'] + (step['Rows Removed by Filter'] ?? 0)) * step['Actual Loops'],
      0,
    );
}

/**
 * SQLite's plans are checked without statistics in hot-statement-plans.test.ts. PostgreSQL plans by
 * its statistics; there the history's per-point readings once ran their subquery for every reading of
 * the point (1.28–1.45× at 10M readings, docs/performance.md), so the rows they touch are counted here.
 */
describe.runIf(onPostgres())("one meter's history reads one reading per point on PostgreSQL", () => {
  let t: TestApp;
  let pool: pg.Pool;
  let deviceId: number;
  let points: number;
  beforeAll(async () => {
    ({ t, pool } = await analyzedTenant());
    const meter = await t.database.db
      .selectFrom('device_items')
      .select(({ fn }) => ['device_id', fn.countAll<number>().as('points')])
      .groupBy('device_id')
      .having(({ fn }) => fn.countAll(), '>', 1)
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    deviceId = meter.device_id;
    points = Number(meter.points);
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it.each([{ first: true as const }, { latestBefore: '2026-07-01' }, { firstFrom: '2026-07-01' }])(
    'finds each point’s reading with one seek (%o)',
    async (which) => {
      const { db, statements } = recordingKysely(new PostgresDialect({ pool }));
      const rows = await selectPointReadings(db, deviceId, which);
      expect(rows).toHaveLength(points);
      const [statement] = statements;
      if (!statement) throw new Error('no statement ran');
      const plan = await analyzedPlan(pool, statement);
      // The point's seek and the fetch of the reading it found: two rows per point, however many it has.
      expect(readingsRowsTouched(plan)).toBeLessThanOrEqual(2 * points);
    },
  );
});

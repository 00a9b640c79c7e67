import { PostgresDialect } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingKysely } from '../../../../bench/lib/hot-read-calls.ts';
import { selectReadingsDatedIn } from '../../src/db/repositories/period-readings.ts';
import { analyzedPlan, analyzedTenant, planSteps } from '../helpers/postgres-plan.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-store.ts';

/**
 * The billing export's reading before each row: two seeks per row (its value, its date) made the
 * export 1.29× slower at 10M readings than at 10k on PostgreSQL (docs/performance.md); one lateral
 * seek gives both. The seeks are counted in the plan's steps over `readings` other than the exported
 * readings' own (`r`).
 */
describe.runIf(onPostgres())('the billing export seeks the reading before once per row on PostgreSQL', () => {
  let t: TestApp;
  let accountId: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    ({ t, accountId, pool } = await analyzedTenant());
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it('runs one seek for each exported reading, and finds the reading before of all but the first', async () => {
    const { db, statements } = recordingKysely(new PostgresDialect({ pool }));
    const rows = await selectReadingsDatedIn(db, accountId, { start: '2000-01-01', end: '2100-12-31' });
    expect(rows.length).toBeGreaterThan(100);
    const points = new Set(rows.map((row) => row.itemId)).size;
    expect(rows.filter((row) => row.previousValue === null)).toHaveLength(points);

    const [statement] = statements;
    if (!statement) throw new Error('no statement ran');
    const seeksOfBefore = planSteps(await analyzedPlan(pool, statement))
      .filter((step) => step['Relation Name'] === 'readings' && step.Alias !== 'r')
      .reduce((sum, step) => sum + step['Actual Loops'], 0);
    expect(seeksOfBefore).toBe(rows.length);
  });
});

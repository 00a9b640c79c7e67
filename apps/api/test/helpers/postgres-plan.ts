import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { appWithGeneratedTenant } from './generated-tenant.ts';
import type { TestApp } from './test-app.ts';

/** A step of PostgreSQL's plan as `explain (analyze, format json)` gives it. */
export type PlanNode = {
  'Relation Name'?: string;
  Alias?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** Runs the statement under `explain (analyze, format json)` and returns its plan's top step. */
export async function analyzedPlan(pool: pg.Pool, statement: CompiledQuery): Promise<PlanNode> {
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (analyze, format json) ${statement.sql}`,
    statement.parameters as unknown[],
  );
  const plan = rows[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error('explain gave no plan');
  return plan;
}

/** Every step of the plan, the top one first. */
export function planSteps(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planSteps)];
}

/**
 * A generated tenant of 4,000 readings with fresh statistics, so that PostgreSQL plans as it would for
 * a real one, and a pool of one connection on its database for `explain`.
 */
export async function analyzedTenant(): Promise<{ t: TestApp; accountId: string; pool: pg.Pool }> {
  const { t, accountId } = await appWithGeneratedTenant({
    accounts: 1,
    locations: 4,
    meters: 20,
    points: 50,
    readings: 4000,
  });
  const pool = new pg.Pool({ connectionString: t.database.databaseUrl, max: 1 });
  await pool.query('analyze');
  return { t, accountId, pool };
}

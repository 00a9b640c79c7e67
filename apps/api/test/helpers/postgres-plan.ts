import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

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

import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Refreshes the planner's statistics of one table (PostgreSQL) and returns the row count it now
 * assumes. Besides better estimates, ANALYZE makes every connection plan its cached statements on the
 * table again, the foreign-key checks' among them (ADR 022).
 */
export async function analyzeTable(db: Kysely<Database>, table: string): Promise<number> {
  await sql`analyze ${sql.table(table)}`.execute(db);
  const { rows } = await sql<{ reltuples: number }>`
    select reltuples from pg_class where oid = to_regclass(${table})`.execute(db);
  return Math.max(0, Number(rows[0]?.reltuples ?? 0));
}

/** Statistics for every table, e.g. after migrations or the demo seed changed the data (PostgreSQL). */
export async function analyzeDatabase(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
}

import SQLite from 'better-sqlite3';
import { type CompiledQuery, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  HOT_READ_CALLS,
  type HotReadCall,
  hotReadCalls,
  recordingKysely,
  recordingSqlite,
  sqlitePlan,
} from './hot-read-calls.ts';
import { SCALE_READER } from './scale-tenants.ts';

export type StatementPlan = { call: HotReadCall; sql: string; plan: string };

/** Where the plans are taken: the large tenant's SQLite file, or its PostgreSQL database. */
export type PlanTarget = { sqliteFile: string } | { databaseUrl: string };

/**
 * The statements each read call runs, recorded by running the routes' service functions on the
 * tenant's first account, each explained on the database: `EXPLAIN QUERY PLAN` on SQLite,
 * `EXPLAIN (ANALYZE, BUFFERS)` on PostgreSQL (which runs the statement again, with its parameters).
 */
export async function planHotStatements(target: PlanTarget): Promise<StatementPlan[]> {
  const sqlite = 'sqliteFile' in target ? new SQLite(target.sqliteFile) : undefined;
  const pool =
    'databaseUrl' in target ? new pg.Pool({ connectionString: target.databaseUrl, max: 2 }) : undefined;
  const { db, statements } = sqlite
    ? recordingSqlite(sqlite)
    : recordingKysely(new PostgresDialect({ pool: pool as pg.Pool }));
  try {
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('name', '=', 'Afdeling 001')
      .executeTakeFirstOrThrow();
    const calls = await hotReadCalls(db, account.id, SCALE_READER, new Date());
    const plans: StatementPlan[] = [];
    const seen = new Set<string>();
    for (const call of HOT_READ_CALLS) {
      statements.length = 0;
      await calls[call]();
      for (const query of [...statements]) {
        if (seen.has(query.sql)) continue;
        seen.add(query.sql);
        const plan = sqlite
          ? sqlitePlan(sqlite, query).join('\n')
          : await postgresPlan(pool as pg.Pool, query);
        plans.push({ call, sql: query.sql, plan });
      }
    }
    return plans;
  } finally {
    await db.destroy();
  }
}

async function postgresPlan(pool: pg.Pool, query: CompiledQuery): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.sql}`,
    query.parameters as unknown[],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

import { isoDateInCopenhagen } from '@maaler/contract';
import type SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { selectTreeOfReachableAccount } from '../../apps/api/src/db/repositories/gateway-tree.ts';
import { deviceExistsInAccount } from '../../apps/api/src/db/repositories/measurement-points.ts';
import type { Database } from '../../apps/api/src/db/schema.ts';
import type { AuthUser } from '../../apps/api/src/domain/auth-user.ts';
import { periodStatusOf, requestedPeriod } from '../../apps/api/src/services/administration/period-status.ts';
import { exportRowsOf } from '../../apps/api/src/services/exports/reading-export.ts';
import { readingHistoryOfDevice } from '../../apps/api/src/services/readings/reading-history.ts';
import { readingStatusOf } from '../../apps/api/src/services/readings/reading-status.ts';

/**
 * The read calls whose cost must not grow with the tables (issue 20 §2), by the name the bench uses.
 * One home for the bench and the API's plan test (`apps/api/test/db/hot-statement-plans.test.ts`).
 */
export const HOT_READ_CALLS = ['tree', 'routeStatus', 'history', 'periodStatus', 'export'] as const;
export type HotReadCall = (typeof HOT_READ_CALLS)[number];

/**
 * What each call's route runs, as service calls on `db` for the account's first meter and a user who
 * reads it (the routes' HTTP and access layers around them are the same at any size).
 */
export async function hotReadCalls(
  db: Kysely<Database>,
  accountId: string,
  userEmail: string,
  now: Date,
): Promise<Record<HotReadCall, () => Promise<unknown>>> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role'])
    .where('email', '=', userEmail)
    .executeTakeFirstOrThrow();
  const user: AuthUser = { ...row, role: row.role ?? 0, resetPassword: false };
  const meter = await db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .select(['d.id as deviceId', 'g.id as gatewayId'])
    .where('g.account_id', '=', accountId)
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  return {
    tree: () => selectTreeOfReachableAccount(db, user, accountId, isoDateInCopenhagen(now)),
    routeStatus: () => readingStatusOf(db, accountId, now),
    history: async () => {
      await deviceExistsInAccount(db, accountId, meter.gatewayId, meter.deviceId);
      return readingHistoryOfDevice(db, meter.deviceId, user.role);
    },
    periodStatus: () => periodStatusOf(db, accountId, now, undefined),
    export: async () =>
      exportRowsOf(db, accountId, (await requestedPeriod(db, accountId, now, undefined)).period),
  };
}

/** A Kysely on the connection that records every statement it runs (never destroyed: the connection is the caller's). */
export function recordingKysely(dialect: ConstructorParameters<typeof Kysely<Database>>[0]['dialect']) {
  const statements: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect,
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return { db, statements };
}

export const recordingSqlite = (sqlite: SQLite.Database) =>
  recordingKysely(new SqliteDialect({ database: sqlite }));

/** SQLite's `EXPLAIN QUERY PLAN` of a statement with its parameters, one line per step, indented by depth. */
export function sqlitePlan(sqlite: SQLite.Database, query: CompiledQuery): string[] {
  const rows = sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const depth = new Map<number, number>([[0, -1]]);
  return rows.map((row) => {
    const level = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, level);
    return `${'  '.repeat(level)}${row.detail}`;
  });
}

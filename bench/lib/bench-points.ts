import { type Kysely, sql } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema.ts';
import type { LoadPoint } from './load-spec.ts';

/**
 * Adds a location with `devices` meters of `itemsPerDevice` points each to the account, so that
 * write loads have enough distinct (point, date) keys: every request writes readings nobody wrote.
 */
export async function addBenchPoints(
  db: Kysely<Database>,
  accountId: string,
  devices: number,
  itemsPerDevice: number,
): Promise<LoadPoint[]> {
  return db.transaction().execute(async (trx) => {
    const gateway = await trx
      .insertInto('gateways')
      .values({ account_id: accountId, name: 'Benchmark', address: 'Benchmarkvej 1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const points: LoadPoint[] = [];
    for (let d = 0; d < devices; d++) {
      const device = await trx
        .insertInto('devices')
        .values({
          gateway_id: gateway.id,
          name: `Måler ${d + 1}`,
          type: 'water',
          manual: 1,
          serial_number: `BENCH-${d + 1}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const items = await trx
        .insertInto('device_items')
        .values(
          Array.from({ length: itemsPerDevice }, (_, i) => ({
            device_id: device.id,
            name: `Punkt ${i + 1}`,
            unit: 'm³',
          })),
        )
        .returning('id')
        .execute();
      for (const item of items) {
        points.push({ gatewayId: gateway.id, deviceId: device.id, deviceItemId: item.id });
      }
    }
    return points;
  });
}

/** The account of a demo user that only this user reaches. */
export async function accountIdOfUser(db: Kysely<Database>, email: string): Promise<string> {
  const row = await db
    .selectFrom('user_accounts')
    .innerJoin('users', 'users.id', 'user_accounts.user_id')
    .select('user_accounts.account_id')
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
  return row.account_id;
}

/** How many of the acknowledged keys (`deviceItemId|isoDate`) the database holds. */
export async function countStoredKeys(
  db: Kysely<Database>,
  points: readonly LoadPoint[],
  acknowledged: ReadonlySet<string>,
): Promise<number> {
  const stored = await db
    .selectFrom('readings')
    .select(['device_item_id', 'date_record'])
    .where(
      'device_item_id',
      'in',
      points.map((p) => p.deviceItemId),
    )
    .execute();
  let found = 0;
  for (const row of stored) if (acknowledged.has(`${row.device_item_id}|${row.date_record}`)) found++;
  return found;
}

/**
 * Adds `days` readings to every point, on the days before `beforeIsoDate` (the write loads use the
 * days from it on), in one statement, written as the user: the table grows without going through the
 * server, as an import in another process or years of use would make it.
 */
export async function growReadings(
  db: Kysely<Database>,
  points: readonly LoadPoint[],
  days: number,
  beforeIsoDate: string,
  email: string,
): Promise<number> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const ids = points.map((p) => p.deviceItemId);
  const result = await sql`
    insert into readings (device_item_id, date_record, value, registered_at, registered_by)
    select p.id, to_char(cast(${beforeIsoDate} as date) - d, 'YYYY-MM-DD'), '1', '2021-01-01T00:00:00.000Z', ${user.id}
    from unnest(cast(${ids} as integer[])) as p(id) cross join generate_series(1, ${days}) as d`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

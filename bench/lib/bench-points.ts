import type { Kysely } from 'kysely';
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

import type { Kysely } from 'kysely';
import { preparedListQuery } from '../engine/prepared-query.ts';
import type { Database } from '../schema.ts';
import { metersOfAccount, pointsOfAccount } from './account-readings.ts';

export type MeasurementPointRow = {
  id: number;
  name: string;
  deviceId: number;
  gatewayId: number;
  /** Set when a meter change retired the meter (ADR 019). */
  retiredAt: string | null;
  /** `YYYY-MM-DD` of the meter change that put the meter in place; null for an original meter. */
  changedOn: string | null;
  /** The meter's declared installation day and the register's declared settings (ADR 020). */
  installedOn: string | null;
  registerDigits: number | null;
  countsUpOnly: number;
};

/** Those of `itemIds` that are measurement points of the account, with their meter and location. */
export function selectPointsOfAccount(
  db: Kysely<Database>,
  accountId: string,
  itemIds: readonly number[],
): Promise<MeasurementPointRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return accountPointsById(
    db,
    itemIds.map((id) => ({ id })),
    { accountId },
  );
}

const accountPointsById = preparedListQuery(
  (db: Kysely<Database>, items: readonly { id: number }[], values: { accountId: string }) =>
    pointsOfAccount(db, values.accountId)
      .leftJoin('meter_changes as c', 'c.new_device_id', 'd.id')
      .select([
        'i.id as id',
        'i.name as name',
        'd.id as deviceId',
        'g.id as gatewayId',
        'd.retired_at as retiredAt',
        'c.changed_on as changedOn',
        'd.installed_on as installedOn',
        'i.register_digits as registerDigits',
        'i.counts_up_only as countsUpOnly',
      ])
      .where(
        'i.id',
        'in',
        items.map((item) => item.id),
      ),
  { namedOnPostgres: true },
);

/** True when the meter belongs to that location of that account. */
export async function deviceExistsInAccount(
  db: Kysely<Database>,
  accountId: string,
  gatewayId: number,
  deviceId: number,
): Promise<boolean> {
  const row = await metersOfAccount(db, accountId)
    .select('d.id')
    .where('g.id', '=', gatewayId)
    .where('d.id', '=', deviceId)
    .executeTakeFirst();
  return row !== undefined;
}

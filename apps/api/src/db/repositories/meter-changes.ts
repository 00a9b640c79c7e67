import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../schema.ts';
import { metersOfAccount } from './account-readings.ts';
import { meterColumns } from './column-lists.ts';

export type MeterToReplace = {
  id: number;
  gatewayId: number;
  name: string;
  type: string;
  manual: number;
  serial: string;
  sequence: number | null;
  retiredAt: string | null;
  installedOn: string | null;
  points: { id: number; name: string; unit: string; registerDigits: number | null; countsUpOnly: number }[];
};

/**
 * The account's meter with its points, the meter row locked until the transaction ends on PostgreSQL,
 * so two changes of one meter run one after the other (SQLite runs one writer at a time anyway).
 */
export async function selectMeterToReplace(
  db: Kysely<Database>,
  accountId: string,
  deviceId: number,
): Promise<MeterToReplace | undefined> {
  const query = metersOfAccount(db, accountId)
    .select([...meterColumns])
    .where('d.id', '=', deviceId);
  const meter = await (db.getExecutor().adapter instanceof PostgresAdapter
    ? query.forUpdate('d')
    : query
  ).executeTakeFirst();
  if (!meter) return undefined;
  const points = await db
    .selectFrom('device_items')
    .select(['id', 'name', 'unit', 'register_digits as registerDigits', 'counts_up_only as countsUpOnly'])
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute();
  return { ...meter, points };
}

/** Per point its latest reading dated before `date` (value and date); points without one are absent. */
export async function selectLatestReadingsBefore(
  db: Kysely<Database>,
  itemIds: readonly number[],
  date: string,
): Promise<{ itemId: number; date: string; value: string }[]> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('readings as r')
    .select(['r.device_item_id as itemId', 'r.date_record as date', 'r.value as value'])
    .where('r.device_item_id', 'in', itemIds)
    .where('r.date_record', '<', date)
    .where(({ eb, selectFrom }) =>
      eb(
        'r.date_record',
        '=',
        selectFrom('readings as x')
          .select(({ fn }) => fn.max('x.date_record').as('latest'))
          .whereRef('x.device_item_id', '=', 'r.device_item_id')
          .where('x.date_record', '<', date),
      ),
    )
    .execute();
}

/** The date of the latest reading of any of the points, or null when they have none. */
export async function selectLatestReadingDate(
  db: Kysely<Database>,
  itemIds: readonly number[],
): Promise<string | null> {
  if (itemIds.length === 0) return null;
  const row = await db
    .selectFrom('readings')
    .select(({ fn }) => fn.max('date_record').as('latest'))
    .where('device_item_id', 'in', itemIds)
    .executeTakeFirst();
  return row?.latest ?? null;
}

/**
 * Inserts the new meter in the old one's location and route place, installed on the change day, with
 * points of the same names, units and register settings (ADR 020: a like-for-like register).
 */
export async function insertReplacementMeter(
  db: Kysely<Database>,
  old: MeterToReplace,
  serial: string,
  installedOn: string,
): Promise<{ deviceId: number; points: { oldItemId: number; newItemId: number }[] }> {
  const { id: deviceId } = await db
    .insertInto('devices')
    .values({
      gateway_id: old.gatewayId,
      name: old.name,
      type: old.type,
      manual: old.manual,
      serial_number: serial,
      sequence: old.sequence,
      installed_on: installedOn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const points: { oldItemId: number; newItemId: number }[] = [];
  // One by one, so each new id pairs with its old point whatever order a multi-row RETURNING gives.
  for (const point of old.points) {
    const { id } = await db
      .insertInto('device_items')
      .values({
        device_id: deviceId,
        name: point.name,
        unit: point.unit,
        register_digits: point.registerDigits,
        counts_up_only: point.countsUpOnly,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    points.push({ oldItemId: point.id, newItemId: id });
  }
  return { deviceId, points };
}

export async function retireMeter(db: Kysely<Database>, deviceId: number, at: string): Promise<void> {
  await db.updateTable('devices').set({ retired_at: at }).where('id', '=', deviceId).execute();
}

export async function insertMeterChange(
  db: Kysely<Database>,
  change: {
    oldDeviceId: number;
    newDeviceId: number;
    changedOn: string;
    by: string;
    at: string;
    points: readonly { oldItemId: number; newItemId: number }[];
  },
): Promise<void> {
  const { id } = await db
    .insertInto('meter_changes')
    .values({
      old_device_id: change.oldDeviceId,
      new_device_id: change.newDeviceId,
      changed_on: change.changedOn,
      created_by: change.by,
      created_at: change.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('meter_change_items')
    .values(
      change.points.map((point) => ({
        meter_change_id: id,
        old_item_id: point.oldItemId,
        new_item_id: point.newItemId,
      })),
    )
    .execute();
}

/** One point of a meter change: the old and the new meter's point, the day, both serial numbers. */
export type MeterChangePointRow = {
  oldDeviceId: number;
  oldItemId: number;
  newItemId: number;
  changedOn: string;
  oldSerial: string;
  newSerial: string;
};

function changePoints(db: Kysely<Database>) {
  return db
    .selectFrom('meter_change_items as ci')
    .innerJoin('meter_changes as c', 'c.id', 'ci.meter_change_id')
    .innerJoin('devices as o', 'o.id', 'c.old_device_id')
    .innerJoin('devices as n', 'n.id', 'c.new_device_id')
    .select([
      'c.old_device_id as oldDeviceId',
      'ci.old_item_id as oldItemId',
      'ci.new_item_id as newItemId',
      'c.changed_on as changedOn',
      'o.serial_number as oldSerial',
      'n.serial_number as newSerial',
    ]);
}

/** The change that put this meter in place, per point; empty when it was never a replacement. */
export function selectChangeIntoMeter(
  db: Kysely<Database>,
  newDeviceId: number,
): Promise<MeterChangePointRow[]> {
  return changePoints(db).where('c.new_device_id', '=', newDeviceId).orderBy('ci.new_item_id').execute();
}

function changePointsOfAccount(db: Kysely<Database>, accountId: string) {
  return changePoints(db)
    .innerJoin('gateways as g', 'g.id', 'n.gateway_id')
    .where('g.account_id', '=', accountId);
}

/** Every meter change of the account's meters, per point (ADR 019). */
export function selectChangesOfAccount(
  db: Kysely<Database>,
  accountId: string,
): Promise<MeterChangePointRow[]> {
  return changePointsOfAccount(db, accountId).execute();
}

/** The account's meter changes dated from `start` to `end` (`YYYY-MM-DD`, both included), per point. */
export function selectChangesDatedIn(
  db: Kysely<Database>,
  accountId: string,
  period: { start: string; end: string },
): Promise<MeterChangePointRow[]> {
  return changePointsOfAccount(db, accountId)
    .where('c.changed_on', '>=', period.start)
    .where('c.changed_on', '<=', period.end)
    .execute();
}

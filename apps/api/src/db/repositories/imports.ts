import type { ReadingSource } from '@maaler/contract';
import { type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { metersOfAccount, pointsOfAccount } from './account-readings.ts';
import type { ReadingKey, StoredReading } from './readings.ts';

// What the import (ADR 018) compares a file with: the account's locations, meters and points, and the
// stored readings of the file's (point, date) pairs; and the few updates a meter import makes.

export type ImportLocation = { id: number; name: string; address: string };
export type ImportMeter = {
  id: number;
  gatewayId: number;
  name: string;
  type: string;
  serial: string;
  /** Set when the meter was retired (ADR 019): replaced by a meter change or taken out of service. */
  retiredAt: string | null;
  /** `YYYY-MM-DD` of the meter change that replaced this meter. */
  replacedOn: string | null;
  /** `YYYY-MM-DD` of the meter change that put this meter in place. */
  changedOn: string | null;
  /** `Adgang` and `Placering` (issue 37); null when not known. */
  access: string | null;
  placement: string | null;
  /** `Radio-id` of a remote meter (issue 38, ADR 050); null for one read by hand only. */
  radioId: string | null;
};
export type ImportPoint = {
  id: number;
  deviceId: number;
  gatewayId: number;
  name: string;
  unit: string;
  /** What the hard reading rules need (ADR 020). */
  registerDigits: number | null;
  countsUpOnly: number;
  installedOn: string | null;
};

export function selectAccountLocations(db: Kysely<Database>, accountId: string): Promise<ImportLocation[]> {
  return db
    .selectFrom('gateways')
    .select(['id', 'name', 'address'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

/** The account's meters that have a serial number (the import finds meters by it), retired ones too. */
export function selectAccountMeters(db: Kysely<Database>, accountId: string): Promise<ImportMeter[]> {
  return accountMeterRows(db, accountId).where('d.serial_number', '<>', '').orderBy('d.id').execute();
}

/**
 * A page of an account's rows in the order the indexes walk them (location, meter, point): at most
 * `limit` rows after `after`, the last row of the page before (none: from the start). Ordered by id
 * instead, SQLite read and sorted every row of the account after the cursor for each page (ADR 052).
 */
export type PlacePage<Row> = { after: Row | undefined; limit: number };

/**
 * The account's remote meters (issue 38), retired ones too: the remote import finds them by radio id.
 * A page of them, by location and meter id, when `page` is given.
 */
export function selectAccountRemoteMeters(
  db: Kysely<Database>,
  accountId: string,
  page?: PlacePage<ImportMeter>,
): Promise<ImportMeter[]> {
  const remote = accountMeterRows(db, accountId).where('d.radio_id', 'is not', null);
  if (!page) return remote.orderBy('d.id').execute();
  const ordered = remote.orderBy('g.id').orderBy('d.id').limit(page.limit);
  if (!page.after) return ordered.execute();
  const { gatewayId, id } = page.after;
  return ordered
    .where('g.id', '>=', gatewayId)
    .where((eb) => eb.or([eb('g.id', '>', gatewayId), eb('d.id', '>', id)]))
    .execute();
}

function accountMeterRows(db: Kysely<Database>, accountId: string) {
  return metersOfAccount(db, accountId)
    .leftJoin('meter_changes as replaced', 'replaced.old_device_id', 'd.id')
    .leftJoin('meter_changes as installed', 'installed.new_device_id', 'd.id')
    .select([
      'd.id',
      'd.gateway_id as gatewayId',
      'd.name',
      'd.type',
      'd.serial_number as serial',
      'd.retired_at as retiredAt',
      'replaced.changed_on as replacedOn',
      'installed.changed_on as changedOn',
      'd.access_note as access',
      'd.placement as placement',
      'd.radio_id as radioId',
    ]);
}

/**
 * The serial numbers of the meters in the customer's other accounts: a file cannot create a meter
 * with one of them (a serial number is unique within the customer, ignoring case).
 */
export async function selectSerialsOfOtherAccounts(
  db: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .innerJoin('accounts as own', 'own.customer_id', 'a.customer_id')
    .select('d.serial_number as serial')
    .where('own.id', '=', accountId)
    .where('a.id', '<>', accountId)
    .where('d.serial_number', '<>', '')
    .execute();
  return rows.map((row) => row.serial);
}

/** The account's measurement points; a page of them, by location, meter and point id, when `page` is given. */
export function selectAccountPoints(
  db: Kysely<Database>,
  accountId: string,
  page?: PlacePage<ImportPoint>,
): Promise<ImportPoint[]> {
  const points = pointsOfAccount(db, accountId).select([
    'i.id',
    'i.device_id as deviceId',
    'g.id as gatewayId',
    'i.name',
    'i.unit',
    'i.register_digits as registerDigits',
    'i.counts_up_only as countsUpOnly',
    'd.installed_on as installedOn',
  ]);
  if (!page) return points.orderBy('i.id').execute();
  const ordered = points.orderBy('g.id').orderBy('d.id').orderBy('i.id').limit(page.limit);
  if (!page.after) return ordered.execute();
  const { gatewayId, deviceId, id } = page.after;
  return ordered
    .where('g.id', '>=', gatewayId)
    .where((eb) =>
      eb.or([
        eb('g.id', '>', gatewayId),
        eb('d.id', '>', deviceId),
        eb.and([eb('d.id', '=', deviceId), eb('i.id', '>', id)]),
      ]),
    )
    .execute();
}

/** Keys per query: two parameters each, well below both databases' limits. */
const KEYS_PER_QUERY = 1000;

/**
 * The stored readings of these (point, date) pairs: without locks for a plan (it only compares), or,
 * with `lock`, locked until the transaction ends on PostgreSQL (in key order, as the form locks them),
 * so a slice of a remote import judges rows no one else changes before it writes (ADR 052).
 */
export async function selectStoredReadings(
  db: Kysely<Database>,
  keys: readonly ReadingKey[],
  options: { lock?: boolean } = {},
): Promise<(StoredReading & { source: ReadingSource })[]> {
  const stored: (StoredReading & { source: ReadingSource })[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const pairs = sql.join(
      keys
        .slice(start, start + KEYS_PER_QUERY)
        .map((k) => sql`(cast(${k.deviceItemId} as integer), cast(${k.dateRecord} as text))`),
    );
    const query = db
      .selectFrom('readings')
      .select([
        'id',
        'device_item_id as deviceItemId',
        'date_record as dateRecord',
        'value',
        'reason',
        'source',
      ])
      .where(sql<SqlBool>`(device_item_id, date_record) in (values ${pairs})`);
    const locked =
      options.lock && db.getExecutor().adapter instanceof PostgresAdapter
        ? query.orderBy('device_item_id').orderBy('date_record').forUpdate()
        : query;
    stored.push(...(await locked.execute()));
  }
  return stored;
}

export async function updateLocationAddress(
  db: Kysely<Database>,
  id: number,
  address: string,
): Promise<void> {
  await db.updateTable('gateways').set({ address }).where('id', '=', id).execute();
}

export async function updateMeterNameAndType(
  db: Kysely<Database>,
  id: number,
  meter: { name: string; type: string },
): Promise<void> {
  await db.updateTable('devices').set(meter).where('id', '=', id).execute();
}

export async function updatePointUnit(db: Kysely<Database>, id: number, unit: string): Promise<void> {
  await db.updateTable('device_items').set({ unit }).where('id', '=', id).execute();
}

/** `Fjernaflæst` (issue 38): the meter's radio id, or null for a meter read by hand only. */
export async function updateMeterRadioId(
  db: Kysely<Database>,
  id: number,
  radioId: string | null,
): Promise<void> {
  await db.updateTable('devices').set({ radio_id: radioId }).where('id', '=', id).execute();
}

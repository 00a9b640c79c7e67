import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { metersOfAccount, pointsOfAccount } from './account-readings.ts';
import { meterColumns } from './column-lists.ts';

// Locations (gateways), meters (devices) and measurement points (device items): creating them and
// finding one by id, for the operator's CLI.

export async function insertLocation(
  db: Kysely<Database>,
  location: { accountId: string; name: string; address: string },
): Promise<number> {
  const row = await db
    .insertInto('gateways')
    .values({ account_id: location.accountId, name: location.name, address: location.address })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function selectLocation(db: Kysely<Database>, locationId: number) {
  return db
    .selectFrom('gateways')
    .select(['id', 'name', 'account_id as accountId'])
    .where('id', '=', locationId)
    .executeTakeFirst();
}

export async function insertMeter(
  db: Kysely<Database>,
  meter: {
    locationId: number;
    name: string;
    type: string;
    manual: boolean;
    serialNumber: string;
    installedOn: string | null;
    /** `YYYY-MM-DD` (Copenhagen) of the insert. */
    addedOn: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('devices')
    .values({
      gateway_id: meter.locationId,
      name: meter.name,
      type: meter.type,
      manual: meter.manual ? 1 : 0,
      serial_number: meter.serialNumber,
      installed_on: meter.installedOn,
      added_on: meter.addedOn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function selectMeter(db: Kysely<Database>, meterId: number) {
  return db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .select(['d.id', 'd.name', 'g.account_id as accountId'])
    .where('d.id', '=', meterId)
    .executeTakeFirst();
}

/** A location's or a meter's place in the route; null puts it after those with one, by name. */
export async function updateSequence(
  db: Kysely<Database>,
  table: 'gateways' | 'devices',
  id: number,
  sequence: number | null,
): Promise<void> {
  await db.updateTable(table).set({ sequence }).where('id', '=', id).execute();
}

export async function updateSerialNumber(
  db: Kysely<Database>,
  meterId: number,
  serial: string,
): Promise<void> {
  await db.updateTable('devices').set({ serial_number: serial }).where('id', '=', meterId).execute();
}

export async function insertPoint(
  db: Kysely<Database>,
  point: {
    meterId: number;
    name: string;
    unit: string;
    registerDigits: number | null;
    countsUpOnly: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('device_items')
    .values({
      device_id: point.meterId,
      name: point.name,
      unit: point.unit,
      register_digits: point.registerDigits,
      counts_up_only: point.countsUpOnly ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// The administration's screen (ADR 016, "Målere"): every query below is scoped to one account.

export function selectLocationsOfAccount(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('gateways')
    .select(['id', 'name', 'address', 'sequence', 'access_note as access', 'placement'])
    .where('account_id', '=', accountId)
    .execute();
}

export function selectLocationOfAccount(db: Kysely<Database>, accountId: string, locationId: number) {
  return db
    .selectFrom('gateways')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', '=', locationId)
    .executeTakeFirst();
}

/** Name and serial of each of the account's meters with its location, for the search. */
export function selectMeterNamesOfAccount(db: Kysely<Database>, accountId: string) {
  return metersOfAccount(db, accountId)
    .select(['d.id as id', 'd.gateway_id as gatewayId', 'd.name as name', 'd.serial_number as serial'])
    .execute();
}

/** The meters of these locations, retired ones too, each marked when a meter change replaced it. */
export function selectMetersOfLocations(db: Kysely<Database>, locationIds: readonly number[]) {
  if (locationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('devices as d')
    .select((eb) => [
      ...meterColumns,
      'd.access_note as access',
      'd.placement as placement',
      'd.radio_id as radioId',
      eb
        .exists(eb.selectFrom('meter_changes as c').select('c.id').whereRef('c.old_device_id', '=', 'd.id'))
        .as('replaced'),
    ])
    .where('d.gateway_id', 'in', locationIds)
    .execute();
}

export function selectPointsOfMeters(db: Kysely<Database>, meterIds: readonly number[]) {
  if (meterIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_items')
    .select([
      'id',
      'device_id as deviceId',
      'name',
      'unit',
      'register_digits as registerDigits',
      'counts_up_only as countsUpOnly',
    ])
    .where('device_id', 'in', meterIds)
    .execute();
}

/** A location's active meters with their places, for moving one of them. */
export function selectActiveMetersOfLocation(db: Kysely<Database>, locationId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'name', 'sequence'])
    .where('gateway_id', '=', locationId)
    .where('retired_at', 'is', null)
    .execute();
}

/** The account's measurement point with its meter's state and whether any reading is stored on it. */
export function selectPointOfAccount(db: Kysely<Database>, accountId: string, pointId: number) {
  return pointsOfAccount(db, accountId)
    .select((eb) => [
      'i.id as id',
      'i.unit as unit',
      'd.retired_at as retiredAt',
      eb
        .exists(eb.selectFrom('readings as r').select('r.id').whereRef('r.device_item_id', '=', 'i.id'))
        .as('hasReadings'),
    ])
    .where('i.id', '=', pointId)
    .executeTakeFirst();
}

export async function updateLocation(
  db: Kysely<Database>,
  locationId: number,
  change: { name?: string | undefined; address?: string | undefined } & FieldNotesChange,
): Promise<void> {
  await db
    .updateTable('gateways')
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.address === undefined ? {} : { address: change.address }),
      ...fieldNotesSet(change),
    })
    .where('id', '=', locationId)
    .execute();
}

/** `Adgang` and `Placering` to store (issue 37): '' clears one (null), a field left out stays. */
export type FieldNotesChange = { access?: string | undefined; placement?: string | undefined };

function fieldNotesSet(change: FieldNotesChange) {
  return {
    ...(change.access === undefined ? {} : { access_note: change.access || null }),
    ...(change.placement === undefined ? {} : { placement: change.placement || null }),
  };
}

export async function updateMeterFieldNotes(
  db: Kysely<Database>,
  meterId: number,
  change: FieldNotesChange,
): Promise<void> {
  const set = fieldNotesSet(change);
  if (Object.keys(set).length === 0) return;
  await db.updateTable('devices').set(set).where('id', '=', meterId).execute();
}

export async function updateMeterName(db: Kysely<Database>, meterId: number, name: string): Promise<void> {
  await db.updateTable('devices').set({ name }).where('id', '=', meterId).execute();
}

export async function updateInstalledOn(
  db: Kysely<Database>,
  meterId: number,
  installedOn: string | null,
): Promise<void> {
  await db.updateTable('devices').set({ installed_on: installedOn }).where('id', '=', meterId).execute();
}

/** The date of the meter's earliest reading on any of its points, or null when it has none. */
export async function selectFirstReadingDateOfMeter(
  db: Kysely<Database>,
  meterId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('readings as r')
    .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
    .select(({ fn }) => fn.min('r.date_record').as('first'))
    .where('i.device_id', '=', meterId)
    .executeTakeFirst();
  return row?.first ?? null;
}

export async function updatePoint(
  db: Kysely<Database>,
  pointId: number,
  change: {
    name?: string | undefined;
    unit?: string | undefined;
    registerDigits?: number | null | undefined;
    countsUpOnly?: boolean | undefined;
  },
): Promise<void> {
  await db
    .updateTable('device_items')
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.unit === undefined ? {} : { unit: change.unit }),
      ...(change.registerDigits === undefined ? {} : { register_digits: change.registerDigits }),
      ...(change.countsUpOnly === undefined ? {} : { counts_up_only: change.countsUpOnly ? 1 : 0 }),
    })
    .where('id', '=', pointId)
    .execute();
}

/** `Fjernaflæst` (issue 38): the meter's radio id (null: read by hand only) and its serial number. */
export function selectRadioIdOfMeter(db: Kysely<Database>, meterId: number) {
  return db
    .selectFrom('devices')
    .select(['radio_id as radioId', 'serial_number as serial'])
    .where('id', '=', meterId)
    .executeTakeFirstOrThrow();
}

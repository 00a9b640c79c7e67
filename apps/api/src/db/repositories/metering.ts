import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

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
  meter: { locationId: number; name: string; type: string; manual: boolean; serialNumber: string },
): Promise<number> {
  const row = await db
    .insertInto('devices')
    .values({
      gateway_id: meter.locationId,
      name: meter.name,
      type: meter.type,
      manual: meter.manual ? 1 : 0,
      serial_number: meter.serialNumber,
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
  point: { meterId: number; name: string; unit: string },
): Promise<number> {
  const row = await db
    .insertInto('device_items')
    .values({ device_id: point.meterId, name: point.name, unit: point.unit })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

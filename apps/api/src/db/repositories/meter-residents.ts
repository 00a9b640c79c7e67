import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// The resident of a meter's place (issue 35, ADR 039). Personal data: read only by the meter
// administration and the import, both for role 1; no other repository joins this table.

export type MeterResident = { name: string; email: string; phone: string };

export const NO_RESIDENT: MeterResident = { name: '', email: '', phone: '' };

const isEmpty = (resident: MeterResident) =>
  resident.name === '' && resident.email === '' && resident.phone === '';

export async function selectResidentsOfMeters(
  db: Kysely<Database>,
  meterIds: readonly number[],
): Promise<Map<number, MeterResident>> {
  if (meterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('meter_residents')
    .select(['device_id as deviceId', 'name', 'email', 'phone'])
    .where('device_id', 'in', meterIds)
    .execute();
  return new Map(rows.map(({ deviceId, ...resident }) => [deviceId, resident]));
}

/** Stores the meter's resident; all fields empty removes the row, so a cleared contact leaves nothing. */
export async function writeResident(
  db: Kysely<Database>,
  meterId: number,
  resident: MeterResident,
): Promise<void> {
  if (isEmpty(resident)) {
    await db.deleteFrom('meter_residents').where('device_id', '=', meterId).execute();
    return;
  }
  await db
    .insertInto('meter_residents')
    .values({ device_id: meterId, ...resident })
    .onConflict((oc) => oc.column('device_id').doUpdateSet(resident))
    .execute();
}

/** A move (`Fraflytning`, ADR 046): the meters' residents are gone; returns the meters that had one. */
export async function clearResidents(db: Kysely<Database>, meterIds: readonly number[]): Promise<number[]> {
  if (meterIds.length === 0) return [];
  const rows = await db
    .deleteFrom('meter_residents')
    .where('device_id', 'in', meterIds)
    .returning('device_id as deviceId')
    .execute();
  return rows.map((row) => row.deviceId);
}

/** A meter change: the resident stays with the place, so the contact moves to the new meter. */
export async function moveResident(db: Kysely<Database>, fromMeterId: number, toMeterId: number) {
  await db
    .updateTable('meter_residents')
    .set({ device_id: toMeterId })
    .where('device_id', '=', fromMeterId)
    .execute();
}

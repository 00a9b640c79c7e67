import type { ReadingSource } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { ReadingWrite } from './readings.ts';

/**
 * Stores `Kontrol` readings (ADR 049) in key order: a new (point, date) is inserted, a new value or
 * source for a stored one replaces it, an identical one changes nothing.
 */
export async function upsertControlReadings(
  db: Kysely<Database>,
  writes: readonly ReadingWrite[],
): Promise<void> {
  const sorted = [...writes].sort(
    (a, b) => a.deviceItemId - b.deviceItemId || a.dateRecord.localeCompare(b.dateRecord),
  );
  for (const write of sorted) {
    await db
      .insertInto('control_readings')
      .values({
        device_item_id: write.deviceItemId,
        date_record: write.dateRecord,
        value: write.value,
        registered_at: write.at,
        registered_by: write.by,
        source: write.source,
        entered_at: write.enteredAt,
      })
      .onConflict((oc) =>
        oc
          .columns(['device_item_id', 'date_record'])
          .doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            registered_at: eb.ref('excluded.registered_at'),
            registered_by: eb.ref('excluded.registered_by'),
            source: eb.ref('excluded.source'),
            entered_at: eb.ref('excluded.entered_at'),
          }))
          .where((eb) => eb('control_readings.value', '<>', eb.ref('excluded.value'))),
      )
      .execute();
  }
}

/** A control reading of a meter's point, with who took it. */
export type ControlReadingRow = {
  itemId: number;
  dateRecord: string;
  value: string;
  registeredAt: string;
  registeredByName: string;
  registeredByRole: number | null;
  source: ReadingSource;
  enteredAt: string | null;
};

/** The control readings of a meter's points, newest date first. */
export function selectControlReadingsOfDevice(
  db: Kysely<Database>,
  deviceId: number,
): Promise<ControlReadingRow[]> {
  return db
    .selectFrom('control_readings as c')
    .innerJoin('device_items as i', 'i.id', 'c.device_item_id')
    .innerJoin('users as u', 'u.id', 'c.registered_by')
    .select([
      'c.device_item_id as itemId',
      'c.date_record as dateRecord',
      'c.value as value',
      'c.registered_at as registeredAt',
      'u.name as registeredByName',
      'u.role as registeredByRole',
      'c.source as source',
      'c.entered_at as enteredAt',
    ])
    .where('i.device_id', '=', deviceId)
    .orderBy('c.date_record', 'desc')
    .orderBy('c.device_item_id')
    .execute();
}

/** The account's control readings dated from `start` to `end` (both included): point and date. */
export function selectControlReadingsInPeriod(
  db: Kysely<Database>,
  accountId: string,
  period: { start: string; end: string },
): Promise<{ itemId: number; dateRecord: string }[]> {
  return db
    .selectFrom('control_readings as c')
    .innerJoin('device_items as i', 'i.id', 'c.device_item_id')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .where('g.account_id', '=', accountId)
    .where('c.date_record', '>=', period.start)
    .where('c.date_record', '<=', period.end)
    .select(['c.device_item_id as itemId', 'c.date_record as dateRecord'])
    .orderBy('c.date_record')
    .execute();
}

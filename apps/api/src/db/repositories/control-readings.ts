import type { ReadingSource } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { type PointPlaceRow, pointPlaceColumns } from './column-lists.ts';
import type { ReadingWrite } from './readings.ts';

/** A control reading this write inserted or changed, with its id. */
export type StoredControl = { id: number; write: ReadingWrite };

/**
 * Stores `Kontrol` readings (ADR 049) in key order: a new (point, date) is inserted, a new value or
 * source for a stored one replaces it, an identical one changes nothing. Returns the controls it
 * inserted or changed, so a resent control is not compared again (ADR 050).
 */
export async function upsertControlReadings(
  db: Kysely<Database>,
  writes: readonly ReadingWrite[],
): Promise<StoredControl[]> {
  const sorted = [...writes].sort(
    (a, b) => a.deviceItemId - b.deviceItemId || a.dateRecord.localeCompare(b.dateRecord),
  );
  const stored: StoredControl[] = [];
  for (const write of sorted) {
    const row = await db
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
      .returning('id')
      .executeTakeFirst();
    if (row) stored.push({ id: row.id, write });
  }
  return stored;
}

/**
 * What the comparison with the remote value found for a stored control (ADR 050): on `Til kontrol`
 * or not, with the remote value it was compared with; any earlier approval goes, as the value is new.
 */
export async function setControlComparison(
  db: Kysely<Database>,
  controlId: number,
  comparison: { needsReview: 0 | 1; remoteValue: string | null },
): Promise<void> {
  await db
    .updateTable('control_readings')
    .set({
      needs_review: comparison.needsReview,
      remote_value: comparison.remoteValue,
      reviewed_by: null,
      reviewed_at: null,
    })
    .where('id', '=', controlId)
    .execute();
}

/** A deviating control reading that awaits the office's approval, with where it was taken. */
export type ControlReviewRow = PointPlaceRow & {
  id: number;
  dateRecord: string;
  value: string;
  remoteValue: string;
  registeredAt: string;
  registeredBy: string;
};

/** The account's control readings (`c`) joined to their point, meter, location and who took them. */
function controlsOfAccount(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('control_readings as c')
    .innerJoin('device_items as i', 'i.id', 'c.device_item_id')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .where('g.account_id', '=', accountId);
}

/** The account's deviating control readings not yet approved, oldest date first. */
export async function selectControlsToReview(
  db: Kysely<Database>,
  accountId: string,
): Promise<ControlReviewRow[]> {
  const rows = await controlsOfAccount(db, accountId)
    .innerJoin('users as u', 'u.id', 'c.registered_by')
    .select([
      ...pointPlaceColumns,
      'c.id as id',
      'c.date_record as dateRecord',
      'c.value as value',
      'c.remote_value as remoteValue',
      'c.registered_at as registeredAt',
      'u.name as registeredBy',
    ])
    .where('c.needs_review', '=', 1)
    .where('c.reviewed_at', 'is', null)
    .where('c.remote_value', 'is not', null)
    .orderBy('c.date_record')
    .orderBy('c.id')
    .execute();
  return rows.flatMap(({ remoteValue, ...row }) => (remoteValue === null ? [] : [{ ...row, remoteValue }]));
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
  return controlsOfAccount(db, accountId)
    .where('c.date_record', '>=', period.start)
    .where('c.date_record', '<=', period.end)
    .select(['c.device_item_id as itemId', 'c.date_record as dateRecord'])
    .orderBy('c.date_record')
    .execute();
}

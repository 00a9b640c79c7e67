import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// The remote side of a control reading (issue 38, ADR 050): which points belong to remote meters, and
// their remote values.

/** Of these points, those on a remote meter, with the meter. */
export function selectRemotePoints(
  db: Kysely<Database>,
  itemIds: readonly number[],
): Promise<{ id: number; deviceId: number }[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_items as i')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .select(['i.id as id', 'd.id as deviceId'])
    .where('i.id', 'in', itemIds)
    .where('d.radio_id', 'is not', null)
    .execute();
}

/** The remote values of these points. */
export function selectRemoteValues(
  db: Kysely<Database>,
  itemIds: readonly number[],
): Promise<{ deviceItemId: number; date: string; value: string }[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('readings')
    .select(['device_item_id as deviceItemId', 'date_record as date', 'value'])
    .where('device_item_id', 'in', itemIds)
    .where('source', '=', 'remote')
    .execute();
}

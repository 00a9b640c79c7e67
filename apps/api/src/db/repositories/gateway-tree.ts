import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Narrows the tree; every given field must match. */
export type TreeFilter = {
  accountIds: readonly string[];
  gatewayId?: number;
  deviceId?: number;
  deviceType?: string;
  manual?: 0 | 1;
};

/**
 * One row per measurement point, with its meter and location and the reading of the latest date;
 * a location without meters or a meter without points still yields one row with the lower levels null.
 */
export type TreeRow = {
  gatewayId: number;
  gatewayName: string;
  deviceId: number | null;
  deviceName: string | null;
  deviceType: string | null;
  manual: number | null;
  itemId: number | null;
  itemName: string | null;
  unit: string | null;
  lastValue: string | null;
  lastDate: string | null;
};

/**
 * The whole tree in one query. The latest reading per point is found through the unique
 * (device_item_id, date_record) index, so the cost does not grow with a point's history.
 */
export function selectTreeRows(db: Kysely<Database>, filter: TreeFilter): Promise<TreeRow[]> {
  if (filter.accountIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('gateways as g')
    .leftJoin('devices as d', 'd.gateway_id', 'g.id')
    .leftJoin('device_items as i', 'i.device_id', 'd.id')
    .leftJoin('readings as r', (join) =>
      join.onRef('r.device_item_id', '=', 'i.id').on((eb) =>
        eb(
          'r.date_record',
          '=',
          eb
            .selectFrom('readings as latest')
            .select((sub) => sub.fn.max('latest.date_record').as('latest_date'))
            .whereRef('latest.device_item_id', '=', 'i.id'),
        ),
      ),
    )
    .select([
      'g.id as gatewayId',
      'g.name as gatewayName',
      'd.id as deviceId',
      'd.name as deviceName',
      'd.type as deviceType',
      'd.manual as manual',
      'i.id as itemId',
      'i.name as itemName',
      'i.unit as unit',
      'r.value as lastValue',
      'r.date_record as lastDate',
    ])
    .where('g.account_id', 'in', filter.accountIds);
  if (filter.gatewayId !== undefined) query = query.where('g.id', '=', filter.gatewayId);
  if (filter.deviceId !== undefined) query = query.where('d.id', '=', filter.deviceId);
  if (filter.deviceType !== undefined) query = query.where('d.type', '=', filter.deviceType);
  if (filter.manual !== undefined) query = query.where('d.manual', '=', filter.manual);
  return query.execute();
}

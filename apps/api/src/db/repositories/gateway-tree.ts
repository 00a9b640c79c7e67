import { ADMIN_ROLE, METER_READER_ROLE } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { type AuthUser, isAdmin } from '../../domain/auth-user.ts';
import { preparedQuery } from '../prepared-query.ts';
import type { Database } from '../schema.ts';
import { accessibleAccounts } from './access.ts';

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
function treeQuery(db: Kysely<Database>) {
  return db
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
    ]);
}

export function selectTreeRows(db: Kysely<Database>, filter: TreeFilter): Promise<TreeRow[]> {
  if (filter.accountIds.length === 0) return Promise.resolve([]);
  let query = treeQuery(db).where('g.account_id', 'in', filter.accountIds);
  if (filter.gatewayId !== undefined) query = query.where('g.id', '=', filter.gatewayId);
  if (filter.deviceId !== undefined) query = query.where('d.id', '=', filter.deviceId);
  if (filter.deviceType !== undefined) query = query.where('d.type', '=', filter.deviceType);
  if (filter.manual !== undefined) query = query.where('d.manual', '=', filter.manual);
  return query.execute();
}

/** One account's whole tree when a user of `role` reaches the account; prepared, as the home screen loads it. */
const treeOfReachableAccount = (role: number) =>
  preparedQuery((db: Kysely<Database>, values: { userId: string; accountId: string }) =>
    treeQuery(db)
      .where('g.account_id', '=', values.accountId)
      .where(({ exists }) =>
        exists(
          accessibleAccounts(db, { id: values.userId, role })
            .select('accounts.id')
            .where('accounts.id', '=', values.accountId),
        ),
      ),
  );
const treeForAdministrator = treeOfReachableAccount(ADMIN_ROLE);
const treeForMember = treeOfReachableAccount(METER_READER_ROLE);

/**
 * The account's whole tree, with the access check in the same query: no rows both for an account
 * the user does not reach and for one without locations, which the caller tells apart.
 */
export function selectTreeOfReachableAccount(
  db: Kysely<Database>,
  user: AuthUser,
  accountId: string,
): Promise<TreeRow[]> {
  const query = isAdmin(user) ? treeForAdministrator : treeForMember;
  return query(db, { userId: user.id, accountId });
}

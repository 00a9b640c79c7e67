import { ADMIN_ROLE, METER_READER_ROLE } from '@maaler/contract';
import { type Kysely, sql } from 'kysely';
import { type AuthUser, isAdmin } from '../../domain/auth-user.ts';
import { preparedQuery } from '../engine/prepared-query.ts';
import type { Database } from '../schema.ts';
import { accessibleAccounts } from './access.ts';
import { pointPlaceColumns } from './column-lists.ts';

/** The reason of a task the reader is shown on the form and in the route (issue 37). */
const OPEN_DEFECT_REASON = 'Måler defekt';

/** Narrows the tree; every given field must match. */
export type TreeFilter = {
  accountIds: readonly string[];
  gatewayId?: number;
  deviceId?: number;
  deviceType?: string;
  manual?: 0 | 1;
  /** The point's "latest" reading is its latest dated on or before this day (`YYYY-MM-DD`). */
  latestUpTo?: string;
};

/**
 * One row per measurement point, with its meter and location and the reading of the latest date;
 * a location without meters or a meter without points still yields one row with the lower levels null.
 */
export type TreeRow = {
  gatewayId: number;
  gatewayName: string;
  gatewaySequence: number | null;
  deviceId: number | null;
  deviceName: string | null;
  deviceType: string | null;
  manual: number | null;
  deviceSequence: number | null;
  /** '' when the meter has none. */
  serial: string | null;
  itemId: number | null;
  itemName: string | null;
  unit: string | null;
  /** The register's declared settings and the meter's installation day (ADR 020). */
  registerDigits: number | null;
  countsUpOnly: number | null;
  installedOn: string | null;
  /** The day the meter was added; with `installedOn`, from when it counts in a period. */
  addedOn: string | null;
  lastValue: string | null;
  lastDate: string | null;
  /** The latest reading's source: `estimate` marks it `Estimeret` (ADR 021). */
  lastSource: string | null;
  /** The point's earliest reading and its latest one before `expectedOn`: all the expected range needs. */
  firstValue: string | null;
  firstDate: string | null;
  priorValue: string | null;
  priorDate: string | null;
  /** Issue 37: the location's address, and `Adgang` and `Placering` of the location and the meter. */
  gatewayAddress: string;
  gatewayAccess: string | null;
  gatewayPlacement: string | null;
  deviceAccess: string | null;
  devicePlacement: string | null;
  /** 1 while the meter has an open `Måler defekt` task. */
  openDefect: number | null;
};

/**
 * The whole tree in one query, with each point's latest reading, and its earliest reading and its
 * latest before `expectedOn` (`YYYY-MM-DD`), which its expected range on that day is computed from;
 * those two are real readings, as an estimate is never the basis of the range (ADR 021).
 * Each is a seek in the unique (device_item_id, date_record) index, so the cost does not grow with a
 * point's history.
 */
function treeQuery(db: Kysely<Database>, expectedOn: string, latestUpTo?: string) {
  return (
    db
      .selectFrom('gateways as g')
      // A retired meter (ADR 019) is out of the tree and the route; its replacement stands in its place.
      .leftJoin('devices as d', (join) =>
        join.onRef('d.gateway_id', '=', 'g.id').on('d.retired_at', 'is', null),
      )
      .leftJoin('device_items as i', 'i.device_id', 'd.id')
      .leftJoin('readings as r', (join) =>
        join.onRef('r.device_item_id', '=', 'i.id').on((eb) =>
          eb(
            'r.date_record',
            '=',
            eb
              .selectFrom('readings as latest')
              .select((sub) => sub.fn.max('latest.date_record').as('latest_date'))
              .whereRef('latest.device_item_id', '=', 'i.id')
              .$if(latestUpTo !== undefined, (sub) =>
                sub.where('latest.date_record', '<=', latestUpTo ?? ''),
              ),
          ),
        ),
      )
      .select((eb) => {
        const readingsOfPoint = () =>
          eb
            .selectFrom('readings as x')
            .whereRef('x.device_item_id', '=', 'i.id')
            .where('x.source', '!=', 'estimate');
        const first = () => readingsOfPoint().orderBy('x.date_record').limit(1);
        const prior = () =>
          readingsOfPoint().where('x.date_record', '<', expectedOn).orderBy('x.date_record', 'desc').limit(1);
        return [
          ...pointPlaceColumns,
          'd.type as deviceType',
          'd.manual as manual',
          'd.installed_on as installedOn',
          'd.added_on as addedOn',
          'i.register_digits as registerDigits',
          'i.counts_up_only as countsUpOnly',
          'r.value as lastValue',
          'r.date_record as lastDate',
          'r.source as lastSource',
          first().select('x.value').as('firstValue'),
          first().select('x.date_record').as('firstDate'),
          prior().select('x.value').as('priorValue'),
          prior().select('x.date_record').as('priorDate'),
          'g.address as gatewayAddress',
          'g.access_note as gatewayAccess',
          'g.placement as gatewayPlacement',
          'd.access_note as deviceAccess',
          'd.placement as devicePlacement',
          eb
            .selectFrom('tasks as t')
            .select(sql<number>`1`.as('one'))
            .whereRef('t.device_id', '=', 'd.id')
            .where('t.status', '=', 'open')
            .where('t.reason', '=', OPEN_DEFECT_REASON)
            .limit(1)
            .as('openDefect'),
        ];
      })
  );
}

/** The tree's rows, with what the expected ranges on `expectedOn` need. */
export function selectTreeRows(
  db: Kysely<Database>,
  expectedOn: string,
  filter: TreeFilter,
): Promise<TreeRow[]> {
  if (filter.accountIds.length === 0) return Promise.resolve([]);
  let query = treeQuery(db, expectedOn, filter.latestUpTo).where('g.account_id', 'in', filter.accountIds);
  if (filter.gatewayId !== undefined) query = query.where('g.id', '=', filter.gatewayId);
  if (filter.deviceId !== undefined) query = query.where('d.id', '=', filter.deviceId);
  if (filter.deviceType !== undefined) query = query.where('d.type', '=', filter.deviceType);
  if (filter.manual !== undefined) query = query.where('d.manual', '=', filter.manual);
  return query.execute();
}

/** One account's whole tree when a user of `role` reaches the account; prepared, as the home screen loads it. */
const treeOfReachableAccount = (role: number) =>
  preparedQuery((db: Kysely<Database>, values: { userId: string; accountId: string; expectedOn: string }) =>
    treeQuery(db, values.expectedOn)
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
  expectedOn: string,
): Promise<TreeRow[]> {
  const query = isAdmin(user) ? treeForAdministrator : treeForMember;
  return query(db, { userId: user.id, accountId, expectedOn });
}

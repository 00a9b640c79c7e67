import {
  type DatedValue,
  type Device,
  type DeviceItem,
  DeviceType,
  type ExpectedRange,
  expectedRange,
  type Gateway,
  NO_READING_DATE,
  toDanishDate,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { accountIdsOf } from '../../db/repositories/access.ts';
import {
  selectTreeOfReachableAccount,
  selectTreeRows,
  type TreeFilter,
  type TreeRow,
} from '../../db/repositories/gateway-tree.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { requireAccount } from '../organisation/access.ts';
import { byDanishName } from '../shared/danish-order.ts';

/** One location or meter of the rows: its id, name and place in the route, and its rows. */
export type TreeLevel = { id: number; name: string; sequence: number | null; rows: TreeRow[] };

function levelsOf(
  rows: readonly TreeRow[],
  of: (row: TreeRow) => { id: number | null; name: string | null; sequence: number | null },
): TreeLevel[] {
  const levels = new Map<number, TreeLevel>();
  for (const row of rows) {
    const { id, name, sequence } = of(row);
    // A location without meters or a meter without points has null in the lower levels.
    if (id === null || name === null) continue;
    const level = levels.get(id);
    if (level) level.rows.push(row);
    else levels.set(id, { id, name, sequence, rows: [row] });
  }
  return [...levels.values()];
}

/** The locations among the rows, in the order they first appear. */
export const locationsOf = (rows: readonly TreeRow[]): TreeLevel[] =>
  levelsOf(rows, (row) => ({ id: row.gatewayId, name: row.gatewayName, sequence: row.gatewaySequence }));

/** The meters among the rows, in the order they first appear. */
export const metersOf = (rows: readonly TreeRow[]): TreeLevel[] =>
  levelsOf(rows, (row) => ({ id: row.deviceId, name: row.deviceName, sequence: row.deviceSequence }));

// Issue 37: each only when set, so trees without notes stay as small as before.
const present = <Key extends string>(key: Key, value: string | null | undefined) =>
  value ? ({ [key]: value } as Record<Key, string>) : {};

/** The location's address (for `Vis på kort`), `Adgang` and `Placering`, each only when it has one. */
export const locationNotes = (
  row: TreeRow | undefined,
): Pick<Gateway, 'Address' | 'Access' | 'Placement'> => ({
  ...present('Address', row?.gatewayAddress),
  ...present('Access', row?.gatewayAccess),
  ...present('Placement', row?.gatewayPlacement),
});

/** The meter's `Adgang` and `Placering`, and `OpenDefect` while it has an open `Måler defekt` task. */
export const meterNotes = (
  row: TreeRow | undefined,
): Pick<Device, 'Access' | 'Placement' | 'OpenDefect'> => ({
  ...present('Access', row?.deviceAccess),
  ...present('Placement', row?.devicePlacement),
  ...(row?.openDefect != null ? { OpenDefect: true } : {}),
});

// `today` (`YYYY-MM-DD`) below is the day the expected ranges are for, the day the rows were read for.

/** Groups flat tree rows into locations → meters → measurement points, each level in Danish name order. */
export function toGatewayTree(rows: readonly TreeRow[], today: string): Gateway[] {
  return locationsOf(rows)
    .sort(byDanishName)
    .map((location) => ({
      GatewayId: location.id,
      Name: location.name,
      ...locationNotes(location.rows[0]),
      DeviceList: toDeviceList(location.rows, today),
    }));
}

/** The meters among the rows (of one or several locations), with their points, in Danish name order. */
export function toDeviceList(rows: readonly TreeRow[], today: string): Device[] {
  return metersOf(rows)
    .sort(byDanishName)
    .map((meter) => ({
      DeviceId: meter.id,
      Name: meter.name,
      Type: DeviceType.parse(meter.rows[0]?.deviceType),
      Manual: meter.rows[0]?.manual === 1,
      InstalledOn: meter.rows[0]?.installedOn ?? null,
      Serial: meter.rows[0]?.serial || null,
      ...meterNotes(meter.rows[0]),
      DeviceItemList: toDeviceItemList(meter.rows, today),
    }));
}

/** The measurement points among the rows, in Danish name order. */
export function toDeviceItemList(rows: readonly TreeRow[], today: string): DeviceItem[] {
  const items: { id: number; name: string; value: DeviceItem }[] = [];
  for (const row of rows) {
    if (row.itemId === null || row.itemName === null) continue;
    items.push({
      id: row.itemId,
      name: row.itemName,
      value: toDeviceItem(row, row.itemId, row.itemName, today),
    });
  }
  return items.sort(byDanishName).map((item) => item.value);
}

function toDeviceItem(row: TreeRow, id: number, name: string, today: string): DeviceItem {
  // value and date come from the same reading row: both null or both set.
  const date = row.lastValue === null ? null : row.lastDate;
  return {
    DeviceItemId: id,
    Name: name,
    Unit: row.unit ?? '',
    LastValue: row.lastValue === null ? null : toWireValue(row.lastValue),
    LastDateValue: date ?? NO_READING_DATE,
    LastDateValueFormatted: date === null ? NO_READING_DATE : toDanishDate(date),
    Expected: expectedOf(row, today),
    // Only when true: the contract's point has no such field, and most points never carry one.
    ...(row.lastValue !== null && row.lastSource === 'estimate' ? { LastEstimated: true } : {}),
    RegisterDigits: row.registerDigits,
    CountsUpOnly: row.countsUpOnly === 1,
  };
}

const datedValue = (value: string | null, date: string | null): DatedValue[] =>
  value === null || date === null ? [] : [{ value, date }];

/** The contract's expected range from the two readings it depends on (the query loads only those). */
function expectedOf(row: TreeRow, today: string): ExpectedRange | null {
  const prior = datedValue(row.priorValue, row.priorDate);
  const first = row.firstDate === row.priorDate ? [] : datedValue(row.firstValue, row.firstDate);
  return expectedRange([...first, ...prior], today);
}

/** The items of all meters in tree order (meters by name, then their points by name). */
export function itemsInTreeOrder(rows: readonly TreeRow[], today: string): DeviceItem[] {
  return toDeviceList(rows, today).flatMap((device) => device.DeviceItemList);
}

/**
 * The rows of a location or meter in one account the user reaches; 404 both for an account out of
 * reach and when there are no rows.
 */
export async function requireAccountTreeRows(
  db: Kysely<Database>,
  user: AuthUser,
  accountId: string,
  today: string,
  filter: Omit<TreeFilter, 'accountIds'>,
): Promise<TreeRow[]> {
  const account = await requireAccount(db, user, accountId);
  const rows = await selectTreeRows(db, today, { ...filter, accountIds: [account.id] });
  if (rows.length === 0) throw new NotFoundError();
  return rows;
}

/** The account's whole tree for a user; 404 for an account out of the user's reach. */
export async function treeOfReachableAccount(
  db: Kysely<Database>,
  user: AuthUser,
  accountId: string,
  today: string,
): Promise<Gateway[]> {
  const rows = await selectTreeOfReachableAccount(db, user, accountId, today);
  // One query when there are locations; none means no locations, or 404 for an account out of reach.
  if (rows.length === 0) await requireAccount(db, user, accountId);
  return toGatewayTree(rows, today);
}

/** The account's meters of one type. The caller checks that the user reaches the account. */
export async function metersOfAccountByType(
  db: Kysely<Database>,
  accountId: string,
  deviceType: string,
  today: string,
): Promise<Device[]> {
  return toDeviceList(await selectTreeRows(db, today, { accountIds: [accountId], deviceType }), today);
}

/** The locations of every account the user reaches, with only the manual (or only the automatic) meters. */
export async function treeOfManualFlag(
  db: Kysely<Database>,
  user: AuthUser,
  manual: boolean,
  today: string,
): Promise<Gateway[]> {
  const accountIds = await accountIdsOf(db, user);
  return toGatewayTree(await selectTreeRows(db, today, { accountIds, manual: manual ? 1 : 0 }), today);
}

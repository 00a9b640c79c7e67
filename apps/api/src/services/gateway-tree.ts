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
import { selectTreeRows, type TreeFilter, type TreeRow } from '../db/repositories/gateway-tree.ts';
import type { Database } from '../db/schema.ts';
import type { AuthUser } from '../domain/auth-user.ts';
import { notFound } from '../http/http-errors.ts';
import { requireAccount } from './access.ts';
import { byDanishName } from './danish-order.ts';

type Named<T> = { id: number; name: string; value: T };

// `today` (`YYYY-MM-DD`) below is the day the expected ranges are for, the day the rows were read for.

/** Groups flat tree rows into locations → meters → measurement points, each level in Danish name order. */
export function toGatewayTree(rows: readonly TreeRow[], today: string): Gateway[] {
  const gateways = new Map<number, Named<Gateway> & { devices: TreeRow[] }>();
  for (const row of rows) {
    let gateway = gateways.get(row.gatewayId);
    if (!gateway) {
      gateway = {
        id: row.gatewayId,
        name: row.gatewayName,
        value: { GatewayId: row.gatewayId, Name: row.gatewayName, DeviceList: [] },
        devices: [],
      };
      gateways.set(row.gatewayId, gateway);
    }
    gateway.devices.push(row);
  }
  return [...gateways.values()].sort(byDanishName).map(({ value, devices }) => ({
    ...value,
    DeviceList: toDeviceList(devices, today),
  }));
}

/** The meters among the rows (of one or several locations), with their points, in Danish name order. */
export function toDeviceList(rows: readonly TreeRow[], today: string): Device[] {
  const devices = new Map<number, Named<Device> & { items: TreeRow[] }>();
  for (const row of rows) {
    if (row.deviceId === null || row.deviceName === null) continue;
    let device = devices.get(row.deviceId);
    if (!device) {
      device = {
        id: row.deviceId,
        name: row.deviceName,
        value: {
          DeviceId: row.deviceId,
          Name: row.deviceName,
          Type: DeviceType.parse(row.deviceType),
          Manual: row.manual === 1,
          DeviceItemList: [],
        },
        items: [],
      };
      devices.set(row.deviceId, device);
    }
    device.items.push(row);
  }
  return [...devices.values()].sort(byDanishName).map(({ value, items }) => ({
    ...value,
    DeviceItemList: toDeviceItemList(items, today),
  }));
}

/** The measurement points among the rows, in Danish name order. */
export function toDeviceItemList(rows: readonly TreeRow[], today: string): DeviceItem[] {
  const items: Named<DeviceItem>[] = [];
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
  if (rows.length === 0) throw notFound();
  return rows;
}

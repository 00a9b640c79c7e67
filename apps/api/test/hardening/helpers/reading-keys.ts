import { type GatewayTree, type ReadingPayload, toUsDate, toWireValue } from '@maaler/contract';

/** A measurement point with the ids a reading payload names. */
export type Point = { accountId: string; gatewayId: number; deviceId: number; deviceItemId: number };

/** A reading as the database stores it: ISO date and canonical value. */
export type Reading = { point: Point; isoDate: string; value: string };

export function pointsOfTree(accountId: string, tree: GatewayTree): Point[] {
  return tree.flatMap((gateway) =>
    gateway.DeviceList.flatMap((device) =>
      device.DeviceItemList.map((item) => ({
        accountId,
        gatewayId: gateway.GatewayId,
        deviceId: device.DeviceId,
        deviceItemId: item.DeviceItemId,
      })),
    ),
  );
}

export function toPayload(reading: Reading): ReadingPayload {
  return {
    gatewayId: reading.point.gatewayId,
    deviceId: reading.point.deviceId,
    deviceItemId: reading.point.deviceItemId,
    dateRecord: toUsDate(reading.isoDate),
    value: toWireValue(reading.value),
  };
}

export const keyOf = (reading: { point: Point; isoDate: string }): string =>
  `${reading.point.deviceItemId}|${reading.isoDate}`;

export function addDays(isoDate: string, days: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Hands out (point, date) pairs that no other call returns: every point of one date, then the next
 * date. Callers share one allocator per account, so concurrent clients never collide.
 */
export function keyAllocator(points: readonly Point[], firstIsoDate: string) {
  if (points.length === 0) throw new Error('no measurement points to write to');
  let next = 0;
  return (): { point: Point; isoDate: string } => {
    const index = next++;
    const point = points[index % points.length] as Point;
    return { point, isoDate: addDays(firstIsoDate, Math.floor(index / points.length)) };
  };
}

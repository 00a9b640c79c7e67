import type { PointPlaceRow } from '../../db/repositories/column-lists.ts';
import { byDanishName } from '../shared/danish-order.ts';

type Routed = { sequence: number | null; name: string; id: number | string };

/**
 * The order a meter reader walks: by sequence, lowest first; those without one after all that have
 * one; ties and the rest in Danish name order.
 */
export function byRouteOrder<T extends Routed>(a: T, b: T): number {
  if (a.sequence !== b.sequence) {
    if (a.sequence === null) return 1;
    if (b.sequence === null) return -1;
    return a.sequence - b.sequence;
  }
  return byDanishName(a, b);
}

/** Points in the order of the route: locations, then meters in route order, then points by name. */
export function byPointPlace(a: PointPlaceRow, b: PointPlaceRow): number {
  return (
    byRouteOrder(
      { id: a.gatewayId, name: a.gatewayName, sequence: a.gatewaySequence },
      { id: b.gatewayId, name: b.gatewayName, sequence: b.gatewaySequence },
    ) ||
    byRouteOrder(
      { id: a.deviceId, name: a.deviceName, sequence: a.deviceSequence },
      { id: b.deviceId, name: b.deviceName, sequence: b.deviceSequence },
    ) ||
    byDanishName({ id: a.itemId, name: a.itemName }, { id: b.itemId, name: b.itemName })
  );
}

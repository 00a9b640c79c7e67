import { routeMessages as messages } from './messages';
import type { RouteMeter, routeProgress } from './route-status';

/** A location of the route with its meters, in route order. */
export type RouteLocation = { gatewayId: number; name: string; meters: RouteMeter[] };

/**
 * The meters the route dialog lists: all of them, or with `Kun manglende` only the `Mangler` ones, and
 * with `Mine` only those the office assigned to this reader (ADR 048).
 */
export function shownRouteMeters(
  meters: readonly RouteMeter[],
  onlyMissing: boolean,
  onlyMine = false,
): RouteMeter[] {
  return meters.filter(
    (meter) => (!onlyMissing || meter.status === 'Mangler') && (!onlyMine || isMine(meter)),
  );
}

const isMine = (meter: RouteMeter): boolean => meter.notes?.meter.Assigned === 'mine';

/** Whether the office assigned this reader any meter of the route this period: then `Mine` is offered and first. */
export const hasMine = (meters: readonly RouteMeter[]): boolean => meters.some(isMine);

/**
 * Groups meters by location, keeping the route's order: a location the route comes back to later is a
 * group of its own there.
 */
export function routeByLocation(meters: readonly RouteMeter[]): RouteLocation[] {
  const groups: RouteLocation[] = [];
  for (const meter of meters) {
    const last = groups.at(-1);
    if (last?.gatewayId === meter.gatewayId) last.meters.push(meter);
    else groups.push({ gatewayId: meter.gatewayId, name: meter.gatewayName, meters: [meter] });
  }
  return groups;
}

/** What the dialog says when the filter leaves nothing to list: all read, or none missing (some skipped). */
export function emptyRouteText({ read, total }: ReturnType<typeof routeProgress>): string {
  return read === total ? messages.allRead : messages.noneMissing;
}

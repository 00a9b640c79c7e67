import type { AdminLocation, AdminMeter, MoveRequest } from '@maaler/contract';
import { ADMIN_METERS_SHOWN_PER_LOCATION } from '@/config/constants';
import { meterAdministrationMessages as messages } from './meter-messages';

/**
 * Whether a location is the first or the last of the whole route, so its `Flyt op` or `Flyt ned`
 * is off: only an unsearched list knows, from the page and the place on it.
 */
export function routeEnds(
  list: { searching: boolean; page: number; lastPage: number },
  index: number,
  count: number,
): { first: boolean; last: boolean } {
  return {
    first: !list.searching && list.page === 1 && index === 0,
    last: !list.searching && list.page === list.lastPage && index === count - 1,
  };
}

/** A meter is the last one that can move down when the next in the route is not active (retired or replaced ones follow the active). */
export function isLastActive(meters: readonly AdminMeter[], index: number): boolean {
  return meters[index + 1]?.Status !== 'active';
}

/** The line above the list: none found (searched or not), else how many locations there are. */
export function locationsSummary(shown: number, searching: boolean, total: number): string {
  if (shown > 0) return messages.locationsFound(total);
  return searching ? messages.noneFound : messages.noLocations;
}

/** How many meters a location shows after `Vis flere målere`. */
export function moreMetersShown(shown: number): number {
  return shown + ADMIN_METERS_SHOWN_PER_LOCATION;
}

/**
 * How many meters a location must show so a meter moved down past the last one shown stays in
 * sight; null when the move stays within the shown ones (or goes up).
 */
export function shownToKeepMovedInSight(
  index: number,
  shown: number,
  direction: MoveRequest['Direction'],
): number | null {
  return direction === 'down' && index === shown - 1 ? index + 2 : null;
}

/**
 * When `Vis flere målere` shows the last of a location's meters its button goes: the first meter
 * newly shown takes the focus. Undefined while more remain hidden.
 */
export function firstNewlyShown(
  location: AdminLocation,
  shownBefore: number,
  shownNow: number,
): AdminMeter | undefined {
  return shownNow >= location.Meters.length ? location.Meters[shownBefore] : undefined;
}

/** Where the focus goes after a move: the same button, or the other one when that end of the route is reached. */
export function focusAfterMove(up: string, down: string, direction: MoveRequest['Direction']): string[] {
  return direction === 'up' ? [up, down] : [down, up];
}

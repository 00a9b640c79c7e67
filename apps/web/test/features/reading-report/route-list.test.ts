import type { PointStatus } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { routeMessages } from '@/features/reading-report/messages';
import { emptyRouteText, routeByLocation, shownRouteMeters } from '@/features/reading-report/route-list';
import { type RouteMeter, routeProgress } from '@/features/reading-report/route-status';

const meter = (gatewayId: number, deviceId: number, status: PointStatus): RouteMeter => ({
  gatewayId,
  gatewayName: `Lokation ${gatewayId}`,
  deviceId,
  name: `Måler ${deviceId}`,
  serial: null,
  status,
});

const route = [
  meter(2, 21, 'Aflæst'),
  meter(2, 22, 'Mangler'),
  meter(1, 11, 'Sprunget over'),
  meter(1, 12, 'Mangler'),
  meter(3, 31, 'Aflæst'),
];

describe('the route dialog’s list', () => {
  it('lists every meter, or with Kun manglende only the missing ones, in route order', () => {
    expect(shownRouteMeters(route, false)).toEqual(route);
    expect(shownRouteMeters(route, true).map((shown) => shown.deviceId)).toEqual([22, 12]);
  });

  it('groups meters by location in route order, not by location id or name', () => {
    const groups = routeByLocation(route);
    expect(groups.map((group) => [group.name, group.meters.map((shown) => shown.deviceId)])).toEqual([
      ['Lokation 2', [21, 22]],
      ['Lokation 1', [11, 12]],
      ['Lokation 3', [31]],
    ]);
  });

  it('leaves out a location with nothing missing under Kun manglende', () => {
    expect(routeByLocation(shownRouteMeters(route, true)).map((group) => group.gatewayId)).toEqual([2, 1]);
  });

  it('says all are read when they are, and that none are missing when some were skipped', () => {
    const allRead = [meter(1, 11, 'Aflæst'), meter(1, 12, 'Aflæst')];
    expect(emptyRouteText(routeProgress(allRead))).toBe(routeMessages.allRead);
    const oneSkipped = [meter(1, 11, 'Aflæst'), meter(1, 12, 'Sprunget over')];
    expect(emptyRouteText(routeProgress(oneSkipped))).toBe(routeMessages.noneMissing);
  });
});

import type { AdminLocation, AdminMeter } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import {
  firstNewlyShown,
  focusAfterMove,
  isLastActive,
  locationsSummary,
  moreMetersShown,
  routeEnds,
  shownToKeepMovedInSight,
} from '@/features/administration/meters/meter-list-rules';

const meterOf = (id: number, status: AdminMeter['Status'] = 'active'): AdminMeter => ({
  DeviceId: id,
  Name: `Måler ${id}`,
  Type: 'water',
  Manual: true,
  Serial: '',
  Status: status,
  RetiredAt: null,
  ResidentName: '',
  ResidentEmail: '',
  ResidentPhone: '',
  Access: '',
  Placement: '',
  InstalledOn: null,
  RadioId: null,
  Points: [],
});
const locationWith = (count: number): AdminLocation => ({
  GatewayId: 1,
  Name: 'Hybenvej',
  Address: '',
  Access: '',
  Placement: '',
  Meters: Array.from({ length: count }, (_, i) => meterOf(i + 1)),
});

describe('the list of Målere', () => {
  it('knows the route’s ends only when not searching: first of page 1, last of the last page', () => {
    const list = { searching: false, page: 1, lastPage: 2 };
    expect(routeEnds(list, 0, 20)).toEqual({ first: true, last: false });
    expect(routeEnds(list, 19, 20)).toEqual({ first: false, last: false });
    expect(routeEnds({ ...list, page: 2 }, 4, 5)).toEqual({ first: false, last: true });
    expect(routeEnds({ searching: false, page: 1, lastPage: 1 }, 0, 1)).toEqual({ first: true, last: true });
    expect(routeEnds({ searching: true, page: 1, lastPage: 1 }, 0, 1)).toEqual({ first: false, last: false });
  });

  it('stops a meter moving down before the retired and replaced ones', () => {
    const meters = [meterOf(1), meterOf(2), meterOf(3, 'retired'), meterOf(4, 'replaced')];
    expect([0, 1, 2, 3].map((index) => isLastActive(meters, index))).toEqual([false, true, true, true]);
  });

  it('says how many locations, or that none are there or found', () => {
    expect(locationsSummary(0, false, 0)).toBe('Kontoen har ingen lokationer endnu.');
    expect(locationsSummary(0, true, 0)).toBe('Ingen lokationer eller målere passer til søgningen.');
    expect(locationsSummary(20, false, 1)).toBe('1 lokation');
    expect(locationsSummary(20, true, 42)).toBe('42 lokationer');
  });

  it('shows five more meters at a time', () => {
    expect(moreMetersShown(5)).toBe(10);
  });

  it('shows one more when the last meter shown moves down, so it stays in sight', () => {
    expect(shownToKeepMovedInSight(4, 5, 'down')).toBe(6);
    expect(shownToKeepMovedInSight(3, 5, 'down')).toBeNull();
    expect(shownToKeepMovedInSight(4, 5, 'up')).toBeNull();
  });

  it('focuses the first newly shown meter once all show, and nothing while more remain', () => {
    const location = locationWith(12);
    expect(firstNewlyShown(location, 5, 10)).toBeUndefined();
    expect(firstNewlyShown(location, 10, 15)?.DeviceId).toBe(11);
  });

  it('keeps the focus on the button used, else on the other move button', () => {
    expect(focusAfterMove('up-id', 'down-id', 'up')).toEqual(['up-id', 'down-id']);
    expect(focusAfterMove('up-id', 'down-id', 'down')).toEqual(['down-id', 'up-id']);
  });
});

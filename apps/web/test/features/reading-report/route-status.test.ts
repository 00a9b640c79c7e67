import type { GuaranteedReadingStatus, GuaranteedStatusDevice, PointStatus } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import {
  isInPeriod,
  meterStatus,
  meterWithSerial,
  nextMissing,
  nextOnRoute,
  readsRouteMeter,
  routeMeterAt,
  routeMeters,
  routeProgress,
  withDone,
  withKept,
} from '@/features/reading-report/route-status';

function device(deviceId: number, ...statuses: PointStatus[]): GuaranteedStatusDevice {
  return {
    DeviceId: deviceId,
    Name: `Måler ${deviceId}`,
    DeviceItemList: statuses.map((Status, index) => ({
      DeviceItemId: deviceId * 10 + index,
      Name: `Punkt ${index}`,
      LastValue: null,
      LastDateValue: '-',
      LastDateValueFormatted: '-',
      Expected: null,
      Status,
      SkipReason: Status === 'Sprunget over' ? 'Ingen adgang' : null,
    })),
  };
}

const status: GuaranteedReadingStatus = {
  period: { start: '2026-11-01', end: '2026-11-30' },
  gateways: [
    {
      GatewayId: 1,
      Name: 'A',
      DeviceList: [device(11, 'Aflæst'), device(12, 'Mangler'), device(13, 'Sprunget over')],
    },
    {
      GatewayId: 2,
      Name: 'B',
      DeviceList: [device(21, 'Mangler', 'Aflæst'), device(22, 'Aflæst', 'Aflæst')],
    },
  ],
};
const nothing = { read: new Set<string>(), skipped: new Set<string>() };

describe('meterStatus', () => {
  it('is Aflæst only when every point is, Sprunget over when skipped and not read, else Mangler', () => {
    expect(meterStatus(device(1, 'Aflæst', 'Aflæst'))).toBe('Aflæst');
    expect(meterStatus(device(1, 'Aflæst', 'Mangler'))).toBe('Mangler');
    expect(meterStatus(device(1, 'Sprunget over', 'Aflæst'))).toBe('Sprunget over');
    expect(meterStatus(device(1))).toBe('Aflæst');
  });
});

describe('the route', () => {
  it('keeps route order and counts the meters read', () => {
    const meters = routeMeters(status, nothing);
    expect(meters.map((meter) => `${meter.gatewayName}/${meter.name}:${meter.status}`)).toEqual([
      'A/Måler 11:Aflæst',
      'A/Måler 12:Mangler',
      'A/Måler 13:Sprunget over',
      'B/Måler 21:Mangler',
      'B/Måler 22:Aflæst',
    ]);
    expect(routeProgress(meters)).toEqual({ read: 2, total: 5 });
  });

  it('counts what this device saved or skipped since the status was loaded', () => {
    const meters = routeMeters(status, { read: new Set(['1/12']), skipped: new Set(['2/21', '2/22']) });
    expect(meters.map((meter) => meter.status)).toEqual([
      'Aflæst',
      'Aflæst',
      'Sprunget over',
      'Sprunget over',
      'Aflæst',
    ]);
  });

  it('moves on to the next missing meter, across locations, and wraps round to the start', () => {
    const meters = routeMeters(status, nothing);
    expect(nextMissing(meters, { gatewayId: 1, deviceId: 12 })?.deviceId).toBe(21);
    expect(nextMissing(meters, { gatewayId: 2, deviceId: 22 })?.deviceId).toBe(12);
    expect(nextMissing(meters, { gatewayId: 9, deviceId: 99 })?.deviceId).toBe(12);
  });

  it('moves on among the meters assigned to this reader when there are any (ADR 048)', () => {
    const meters = routeMeters(status, nothing).map((meter) =>
      meter.deviceId === 11 || meter.deviceId === 12
        ? { ...meter, notes: { location: {}, meter: { Assigned: 'mine' as const } } }
        : meter,
    );
    // 21 is missing too, but another reader's or nobody's: the reader's own part is done.
    expect(nextMissing(meters, { gatewayId: 1, deviceId: 11 })?.deviceId).toBe(12);
    expect(nextMissing(meters, { gatewayId: 1, deviceId: 12 })).toBeNull();
  });

  it('has no next meter when nothing else is missing', () => {
    const meters = routeMeters(status, { read: new Set(['1/12', '2/21']), skipped: new Set() });
    expect(nextMissing(meters, { gatewayId: 1, deviceId: 12 })).toBeNull();
  });
});

describe('what waits on the device', () => {
  it('reads a meter by a kept SEND dated in the period only, and skips a meter by a kept skip', () => {
    const kept = {
      sends: [
        { gatewayId: 1, deviceId: 12, date: '2026-11-01' },
        { gatewayId: 2, deviceId: 21, date: '2026-10-31' },
      ],
      skips: [{ gatewayId: 2, deviceId: 22 }],
      refused: [],
    };
    const progress = withKept({ read: new Set(['2/22']), skipped: new Set(['1/13']) }, kept, status.period);

    expect([...progress.read].sort()).toEqual(['1/12', '2/22']);
    expect([...progress.skipped].sort()).toEqual(['1/13', '2/22']);
    expect(routeMeters(status, progress).map((meter) => meter.status)).toEqual([
      'Aflæst',
      'Aflæst',
      'Sprunget over',
      'Mangler',
      'Aflæst',
    ]);
  });

  it('counts a reading for the period from its first to its last day only', () => {
    expect(
      ['2026-10-31', '2026-11-01', '2026-11-30', '2026-12-01'].map((date) => isInPeriod(date, status.period)),
    ).toEqual([false, true, true, false]);
  });

  it('counts a meter missing again when the server refused its SEND after the route moved on (ADR 054)', () => {
    const read = { read: new Set(['1/12', '2/21']), skipped: new Set<string>() };
    const refused = { sends: [], skips: [], refused: [{ gatewayId: 1, deviceId: 12 }] };
    const progress = withKept(read, refused, status.period);
    expect([...progress.read]).toEqual(['2/21']);
    expect(routeMeterAt(routeMeters(status, progress), { gatewayId: 1, deviceId: 12 })?.status).toBe(
      'Mangler',
    );
    expect(nextOnRoute(status, read, refused, { gatewayId: 1, deviceId: 11 })?.name).toBe('Måler 12');
    // Read anew and waiting again: the new SEND reads it.
    const readAnew = { ...refused, sends: [{ gatewayId: 1, deviceId: 12, date: '2026-11-03' }] };
    expect([...withKept(read, readAnew, status.period).read].sort()).toEqual(['1/12', '2/21']);
  });

  it('adds nothing when nothing waits', () => {
    const progress = withKept(nothing, { sends: [], skips: [], refused: [] }, status.period);
    expect(routeMeters(status, progress)).toEqual(routeMeters(status, nothing));
  });
});

describe('a meter by its serial number, without a connection', () => {
  const withSerials: GuaranteedReadingStatus = {
    ...status,
    gateways: status.gateways.map((gateway) => ({
      ...gateway,
      DeviceList: gateway.DeviceList.map((meter) => ({ ...meter, Serial: `HYB-${meter.DeviceId}` })),
    })),
  };

  it('is found in the route in any case, with its location', () => {
    expect(meterWithSerial(withSerials, ' hyb-21 ')).toEqual({
      GatewayId: 2,
      GatewayName: 'B',
      DeviceId: 21,
      DeviceName: 'Måler 21',
      Serial: 'HYB-21',
    });
  });

  it('is not found when the route has no such serial, nor when meters have none', () => {
    expect(meterWithSerial(withSerials, 'HYB-99')).toBeNull();
    expect(meterWithSerial(status, 'HYB-21')).toBeNull();
  });
});

describe('moving along the route after a save or a skip', () => {
  const noneKept = { sends: [], skips: [], refused: [] };

  it('finds the chosen meter of the route by its place, and nothing at a place the route lacks', () => {
    const meters = routeMeters(status, nothing);
    expect(routeMeterAt(meters, { gatewayId: 2, deviceId: 21 })?.name).toBe('Måler 21');
    expect(routeMeterAt(meters, { gatewayId: 1, deviceId: 21 })).toBeUndefined();
  });

  it('records a meter read or skipped on this page without changing the progress it started from', () => {
    const read = withDone(nothing, { gatewayId: 1, deviceId: 12 }, 'read');
    const skipped = withDone(read, { gatewayId: 2, deviceId: 21 }, 'skipped');
    expect([...skipped.read]).toEqual(['1/12']);
    expect([...skipped.skipped]).toEqual(['2/21']);
    expect(nothing.read.size + nothing.skipped.size).toBe(0);
    expect(read.skipped.size).toBe(0);
  });

  it('lets readings read their meter when dated in the period, or while the period is not known', () => {
    expect(readsRouteMeter('2026-11-15', status.period)).toBe(true);
    expect(readsRouteMeter('2026-10-31', status.period)).toBe(false);
    expect(readsRouteMeter('2026-10-31', undefined)).toBe(true);
  });

  it('goes on to the next missing meter by the status, this page and what waits on the device', () => {
    const done = { gatewayId: 1, deviceId: 12 };
    expect(nextOnRoute(status, withDone(nothing, done, 'read'), noneKept, done)?.name).toBe('Måler 21');
    const keptSend = { sends: [{ gatewayId: 2, deviceId: 21, date: '2026-11-02' }], skips: [], refused: [] };
    expect(nextOnRoute(status, withDone(nothing, done, 'read'), keptSend, done)).toBeNull();
    const keptLastMonth = {
      sends: [{ gatewayId: 2, deviceId: 21, date: '2026-10-02' }],
      skips: [],
      refused: [],
    };
    expect(nextOnRoute(status, withDone(nothing, done, 'read'), keptLastMonth, done)?.name).toBe('Måler 21');
  });

  it('after a skip of the last missing meter, comes back to one missing earlier on the route', () => {
    const skipped = { gatewayId: 2, deviceId: 21 };
    expect(nextOnRoute(status, withDone(nothing, skipped, 'skipped'), noneKept, skipped)?.name).toBe(
      'Måler 12',
    );
  });
});

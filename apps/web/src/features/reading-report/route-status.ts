import type {
  FieldNotes,
  FoundMeter,
  GuaranteedReadingStatus,
  GuaranteedStatusDevice,
  PeriodRange,
  PointStatus,
} from '@maaler/contract';

/** A meter of the route with where it is and its status as a whole. */
export type RouteMeter = {
  gatewayId: number;
  gatewayName: string;
  deviceId: number;
  name: string;
  /** The label's number; null when the meter has none or the server does not send it. */
  serial: string | null;
  status: PointStatus;
  /**
   * Issue 37: the location's and the meter's `Adgang` and `Placering`, the meter's open defect, and to
   * whom the office assigned it this period (ADR 048).
   */
  notes?: {
    location: FieldNotes;
    meter: FieldNotes & Pick<GuaranteedStatusDevice, 'OpenDefect' | 'Assigned'>;
  };
};

/** A place on the route. */
export type MeterRef = { gatewayId: number; deviceId: number };

/** What this device did on the route that the status answer may not show yet, by meter key. */
export type LocalProgress = { read: ReadonlySet<string>; skipped: ReadonlySet<string> };

/**
 * Readings and skips still waiting on the device to be sent (they survive a reload), and the meters
 * of SENDs the server refused (kept until corrected or deleted).
 */
export type KeptOnDevice = {
  sends: readonly (MeterRef & { date: string })[];
  skips: readonly MeterRef[];
  refused: readonly MeterRef[];
};

/** Whether a reading dated `date` (ISO) counts for the period: only then does it read its meter. */
export const isInPeriod = (date: string, period: PeriodRange): boolean =>
  date >= period.start && date <= period.end;

/**
 * This page's progress plus what waits on the device: a kept SEND reads its meter when its date
 * lies in the period, a kept skip skips it. A SEND the server refused after the route moved on
 * (ADR 054) takes back what this page counted: its meter is missing again, unless read anew.
 */
export function withKept(local: LocalProgress, kept: KeptOnDevice, period: PeriodRange): LocalProgress {
  const reading = kept.sends.filter((send) => isInPeriod(send.date, period));
  const refused = new Set(kept.refused.map(meterKey));
  return {
    read: new Set([...[...local.read].filter((key) => !refused.has(key)), ...reading.map(meterKey)]),
    skipped: new Set([...local.skipped, ...kept.skips.map(meterKey)]),
  };
}

/**
 * A meter is `Aflæst` when every point is, `Sprunget over` when it was skipped and not read, else
 * `Mangler` (a meter without points counts as read: there is nothing to type).
 */
export function meterStatus(device: GuaranteedStatusDevice): PointStatus {
  const statuses = device.DeviceItemList.map((point) => point.Status);
  if (statuses.every((status) => status === 'Aflæst')) return 'Aflæst';
  if (statuses.includes('Sprunget over')) return 'Sprunget over';
  return 'Mangler';
}

/**
 * The route's meters in route order, with what happened on this device since the status was loaded
 * (`read`: saved or kept readings; `skipped`: skips sent), so the route moves on before the server's
 * answer comes, and without one.
 */
export function routeMeters(status: GuaranteedReadingStatus, local: LocalProgress): RouteMeter[] {
  return status.gateways.flatMap((gateway) =>
    gateway.DeviceList.map((device) => {
      const key = meterKey({ gatewayId: gateway.GatewayId, deviceId: device.DeviceId });
      const status = local.read.has(key)
        ? 'Aflæst'
        : local.skipped.has(key) && meterStatus(device) !== 'Aflæst'
          ? 'Sprunget over'
          : meterStatus(device);
      return {
        gatewayId: gateway.GatewayId,
        gatewayName: gateway.Name,
        deviceId: device.DeviceId,
        name: device.Name,
        serial: device.Serial ?? null,
        status,
        notes: { location: gateway, meter: device },
      };
    }),
  );
}

export const meterKey = ({ gatewayId, deviceId }: MeterRef): string => `${gatewayId}/${deviceId}`;

/** `{aflæst} af {i alt}`: the meters read and all meters of the route. */
export function routeProgress(meters: readonly RouteMeter[]): { read: number; total: number } {
  return { read: meters.filter((meter) => meter.status === 'Aflæst').length, total: meters.length };
}

/**
 * The next `Mangler` meter after `current` in route order, else the first one before it; null when
 * nothing is missing but `current`.
 */
export function nextMissing(all: readonly RouteMeter[], current: MeterRef): RouteMeter | null {
  // With meters assigned to this reader (ADR 048) the route goes on among those (`Mine`).
  const mine = all.filter((meter) => meter.notes?.meter.Assigned === 'mine');
  const meters = mine.length > 0 ? mine : all;
  const at = meters.findIndex((meter) => meterKey(meter) === meterKey(current));
  const ordered = at < 0 ? meters : [...meters.slice(at + 1), ...meters.slice(0, at)];
  return ordered.find((meter) => meter.status === 'Mangler') ?? null;
}

/**
 * The meter of the route with `serial` (any case, as the server compares), for 'Find måler' without
 * a connection; null when the route has none.
 */
export function meterWithSerial(status: GuaranteedReadingStatus, serial: string): FoundMeter | null {
  const wanted = serial.trim().toLowerCase();
  for (const gateway of status.gateways) {
    const device = gateway.DeviceList.find((candidate) => candidate.Serial?.toLowerCase() === wanted);
    if (device?.Serial) {
      return {
        GatewayId: gateway.GatewayId,
        GatewayName: gateway.Name,
        DeviceId: device.DeviceId,
        DeviceName: device.Name,
        Serial: device.Serial,
      };
    }
  }
  return null;
}

/** The meter of the route at `place`; undefined when the route has no such meter. */
export function routeMeterAt(meters: readonly RouteMeter[], place: MeterRef): RouteMeter | undefined {
  return meters.find((meter) => meterKey(meter) === meterKey(place));
}

/** This page's progress once `done` was read or skipped (`how`); the progress given stays as it was. */
export function withDone(local: LocalProgress, done: MeterRef, how: keyof LocalProgress): LocalProgress {
  return { ...local, [how]: new Set(local[how]).add(meterKey(done)) };
}

/**
 * Whether readings dated `date` read their meter on the route: when they lie in the period, or when
 * the period is not known yet (the route was never loaded; its next load counts them anyway).
 */
export const readsRouteMeter = (date: string, period: PeriodRange | undefined): boolean =>
  period === undefined || isInPeriod(date, period);

/**
 * Where the route goes after `done`: the next `Mangler` meter by the status answer, this page's progress
 * and what waits on the device; null when nothing else is missing.
 */
export function nextOnRoute(
  status: GuaranteedReadingStatus,
  progress: LocalProgress,
  kept: KeptOnDevice,
  done: MeterRef,
): RouteMeter | null {
  return nextMissing(routeMeters(status, withKept(progress, kept, status.period)), done);
}

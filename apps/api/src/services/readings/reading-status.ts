import {
  CUSTOMER_USER_ROLE,
  type DeviceItem,
  isoDateInCopenhagen,
  NO_READING_DATE,
  type PeriodRange,
  periodContaining,
  READING_PERIOD_SETTING,
  type ReadingPeriod,
  type ReadingStatus,
  SkipReason,
  type StatusDevice,
  type StatusGateway,
  type StatusPoint,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccountSetting } from '../../db/repositories/account-settings.ts';
import { selectTreeRows } from '../../db/repositories/gateway-tree.ts';
import { type SkipRow, selectSkipsRecordedBetween } from '../../db/repositories/reading-skips.ts';
import { type AssignmentRow, selectAssignments } from '../../db/repositories/route-assignments.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import {
  locationNotes,
  locationsOf,
  meterNotes,
  metersOf,
  type TreeLevel,
  toDeviceItemList,
} from '../metering/gateway-tree.ts';
import { byRouteOrder } from '../metering/route-order.ts';
import { accountRulesOf, readingPeriodIn } from './account-rules.ts';

/** The account's reading period, monthly when the setting is unset. */
export async function readingPeriodOf(db: Kysely<Database>, accountId: string): Promise<ReadingPeriod> {
  return readingPeriodIn(await selectAccountSetting(db, accountId, READING_PERIOD_SETTING));
}

/**
 * The current reading period and the account's route with each point's status in it, and whether the
 * account requires a photo with each reading (issue 36), which the reading form needs with the route.
 */
export async function readingStatusOf(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  caller?: Pick<AuthUser, 'id' | 'role'>,
): Promise<ReadingStatus> {
  const today = isoDateInCopenhagen(now);
  // The settings in one query: the reader's phone asks for this on every route step.
  const { readingPeriod, photoRequired } = await accountRulesOf(db, accountId);
  const period = periodContaining(today, readingPeriod);
  const gateways = await routeStatusIn(db, accountId, period, today);
  // A customer user has no route to share out (ADR 031), so their status asks nothing about assignments.
  if (!caller || caller.role === CUSTOMER_USER_ROLE) return { period, gateways, photoRequired };
  const assignments = await selectAssignments(db, accountId, period.start);
  return { period, gateways: withAssignments(gateways, assignments, caller.id), photoRequired };
}

/** Marks each assigned meter `mine` or `other` for the caller (ADR 048); unassigned meters stay unmarked. */
function withAssignments(
  gateways: StatusGateway[],
  assignments: readonly AssignmentRow[],
  callerId: string,
): StatusGateway[] {
  if (assignments.length === 0) return gateways;
  const readerOf = new Map(assignments.map((row) => [row.deviceId, row.readerId]));
  return gateways.map((gateway) => ({
    ...gateway,
    DeviceList: gateway.DeviceList.map((meter) => {
      const reader = readerOf.get(meter.DeviceId);
      if (reader === undefined) return meter;
      return { ...meter, Assigned: reader === callerId ? 'mine' : 'other' };
    }),
  }));
}

/**
 * The account's route: its meters read by hand (those with measurement points), by location, in
 * route order, each meter from the day it counts (`countsIn`). Each point is `Aflæst` with a real reading dated in `period` (an estimate does not
 * count, ADR 021), else `Sprunget over` when its
 * meter was skipped in the period, else `Mangler`; its last reading is its latest up to the period's
 * end, so a past period is judged as it stood then. Expected ranges are for `today`.
 */
export async function routeStatusIn(
  db: Kysely<Database>,
  accountId: string,
  period: PeriodRange,
  today: string,
): Promise<StatusGateway[]> {
  const [rows, skips] = await Promise.all([
    selectTreeRows(db, today, { accountIds: [accountId], manual: 1, latestUpTo: period.end }),
    selectSkipsRecordedBetween(db, accountId, period),
  ]);
  // Oldest first, so the meter's latest skip is the one kept.
  const skipOfMeter = new Map(skips.map((skip) => [skip.deviceId, skip]));
  return locationsOf(rows)
    .sort(byRouteOrder)
    .map((location) => ({
      GatewayId: location.id,
      Name: location.name,
      ...locationNotes(location.rows[0]),
      DeviceList: metersOf(location.rows)
        .filter((meter) => countsIn(meter, period))
        .sort(byRouteOrder)
        .map((meter) => toStatusDevice(meter, today, period, skipOfMeter.get(meter.id)))
        .filter((meter) => meter.DeviceItemList.length > 0),
    }))
    .filter((location) => location.DeviceList.length > 0);
}

/**
 * A meter counts in a period from its installation day, or, when that is unknown, from the day it was
 * added or its first reading, whichever came first (history imported with a new meter counts); meters
 * from before the day was kept count in every period. So adding a meter today does not make closed
 * periods `Mangler`.
 */
function countsIn(meter: TreeLevel, period: PeriodRange): boolean {
  const row = meter.rows[0];
  if (!row) return true;
  if (row.installedOn !== null) return row.installedOn <= period.end;
  if (row.addedOn === null) return true;
  const firstReading = meter.rows.reduce<string | null>(
    (first, point) =>
      point.firstDate !== null && (first === null || point.firstDate < first) ? point.firstDate : first,
    null,
  );
  const from = firstReading !== null && firstReading < row.addedOn ? firstReading : row.addedOn;
  return from <= period.end;
}

function toStatusDevice(
  meter: TreeLevel,
  today: string,
  period: PeriodRange,
  skip: SkipRow | undefined,
): StatusDevice {
  return {
    DeviceId: meter.id,
    Name: meter.name,
    Serial: meter.rows[0]?.serial || null,
    ...meterNotes(meter.rows[0]),
    DeviceItemList: toDeviceItemList(meter.rows, today).map((point) => withStatus(point, period, skip)),
  };
}

/**
 * Whether the point's latest reading up to the period's end is dated in the period; an estimate
 * (ADR 021) is such a reading, and a real reading of the period has removed any estimate of it.
 */
export function hasReadingIn(point: Pick<DeviceItem, 'LastDateValue'>, period: PeriodRange): boolean {
  const last = point.LastDateValue;
  return last !== NO_READING_DATE && last >= period.start && last <= period.end;
}

function withStatus(point: DeviceItem, period: PeriodRange, skip: SkipRow | undefined): StatusPoint {
  // An estimate is not a reading of the meter: the meter reader still has it to read.
  if (hasReadingIn(point, period) && point.LastEstimated !== true) {
    return { ...point, Status: 'Aflæst', SkipReason: null, SkipNote: null };
  }
  if (skip)
    return {
      ...point,
      Status: 'Sprunget over',
      SkipReason: SkipReason.parse(skip.reason),
      SkipNote: skip.note,
    };
  return { ...point, Status: 'Mangler', SkipReason: null, SkipNote: null };
}

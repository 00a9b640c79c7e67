import {
  type DeviceItem,
  estimatesInARow,
  isoDateInCopenhagen,
  isReadingDateAllowed,
  type LabelledPeriod,
  MAX_SELECTABLE_PERIODS,
  MESSAGES,
  type MissingPoint,
  type PeriodRange,
  type PeriodStatus,
  type PointStatus,
  periodContaining,
  periodLabel,
  previousPeriod,
  type ReadingPeriod,
  type SkipReason,
  type StatusCounts,
  type StatusGateway,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectFirstReadingDate } from '../../db/repositories/period-readings.ts';
import type { Database } from '../../db/schema.ts';
import { InvalidRequestError } from '../../domain/errors.ts';
import { accountRulesOf } from '../readings/account-rules.ts';
import { hasReadingIn, readingPeriodOf, routeStatusIn } from '../readings/reading-status.ts';
import { readingHistories } from './estimate-basis.ts';
import { periodReasonsOf } from './period-reasons.ts';

/** The period asked for and the account's period kind; 400 for a day before the first reading day or after today. */
export async function requestedPeriod(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  date: string | undefined,
): Promise<{ period: LabelledPeriod; kind: ReadingPeriod; today: string }> {
  return periodAsked(await readingPeriodOf(db, accountId), now, date);
}

function periodAsked(kind: ReadingPeriod, now: Date, date: string | undefined) {
  const today = isoDateInCopenhagen(now);
  const day = date ?? today;
  if (!isReadingDateAllowed(day, today)) throw new InvalidRequestError(MESSAGES.periodDateOutOfRange);
  return { period: labelled(periodContaining(day, kind), kind), kind, today };
}

const labelled = (range: PeriodRange, kind: ReadingPeriod): LabelledPeriod => ({
  ...range,
  label: periodLabel(range, kind),
});

/**
 * The account's route judged for one period with the reading route's rule (ADR 014), counted in
 * total, per skip reason and per location (estimated points apart, ADR 021), with the points still
 * missing.
 */
export async function periodStatusOf(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  date: string | undefined,
): Promise<PeriodStatus> {
  const rules = await accountRulesOf(db, accountId);
  const { period, kind, today } = periodAsked(rules.readingPeriod, now, date);
  const { estimatesInARow: allowed, photoRequired, controlTolerancePercent } = rules;
  const [gateways, firstReading] = await Promise.all([
    routeStatusIn(db, accountId, period, today),
    selectFirstReadingDate(db, accountId),
  ]);
  const reasons = new Map<SkipReason, number>();
  const missing: MissingPoint[] = [];
  for (const gateway of gateways) {
    for (const device of gateway.DeviceList) {
      for (const {
        Status,
        SkipReason,
        SkipNote: _note,
        Expected: _expected,
        RegisterDigits: _digits,
        CountsUpOnly: _upOnly,
        ...point
      } of device.DeviceItemList) {
        if (SkipReason) reasons.set(SkipReason, (reasons.get(SkipReason) ?? 0) + 1);
        if (Status === 'Mangler' && !estimatedIn(point, period))
          missing.push({
            GatewayId: gateway.GatewayId,
            GatewayName: gateway.Name,
            DeviceId: device.DeviceId,
            DeviceName: device.Name,
            Serial: device.Serial,
            ...point,
          });
      }
    }
  }
  const readingReasons = await periodReasonsOf(db, accountId, period, gateways);
  return {
    readingPeriod: kind,
    estimatesInARow: allowed,
    controlTolerancePercent,
    photoRequired,
    period,
    missing: await markStaffReadingNeeded(db, accountId, period, missing, allowed),
    periods: selectablePeriods(today, kind, firstReading),
    totals: countsOf(gateways, period),
    skipReasons: [...reasons].map(([Reason, Count]) => ({ Reason, Count })),
    ...readingReasons,
    gateways: gateways.map((gateway) => ({
      GatewayId: gateway.GatewayId,
      Name: gateway.Name,
      Counts: countsOf([gateway], period),
    })),
  };
}

/** Marks the missing points estimated in as many periods in a row as the account allows (issue 37). */
async function markStaffReadingNeeded(
  db: Kysely<Database>,
  accountId: string,
  period: PeriodRange,
  missing: MissingPoint[],
  allowed: number,
): Promise<MissingPoint[]> {
  if (missing.length === 0) return missing;
  const basisOf = await readingHistories(
    db,
    accountId,
    missing.map((point) => point.DeviceItemId),
  );
  return missing.map((point) =>
    estimatesInARow(basisOf(point.DeviceItemId), period.start) >= allowed
      ? { ...point, StaffReadingNeeded: true }
      : point,
  );
}

/** The current period and the earlier ones back to the one holding the first reading, newest first. */
export function selectablePeriods(
  today: string,
  kind: ReadingPeriod,
  firstReading: string | null,
): LabelledPeriod[] {
  let oldest = labelled(periodContaining(today, kind), kind);
  const periods = [oldest];
  while (firstReading !== null && oldest.start > firstReading && periods.length < MAX_SELECTABLE_PERIODS) {
    oldest = labelled(previousPeriod(oldest, kind), kind);
    periods.push(oldest);
  }
  return periods;
}

const COUNTED: Record<PointStatus, keyof Omit<StatusCounts, 'Total' | 'Estimated'>> = {
  Aflæst: 'Read',
  Mangler: 'Missing',
  'Sprunget over': 'Skipped',
};

/** Not read in the period, but estimated there (ADR 021). */
const estimatedIn = (
  point: Pick<DeviceItem, 'LastEstimated' | 'LastDateValue'>,
  period: PeriodRange,
): boolean => point.LastEstimated === true && hasReadingIn(point, period);

/** Each point counted once: read, else estimated, else skipped or missing. */
function countsOf(gateways: readonly StatusGateway[], period: PeriodRange): StatusCounts {
  const counts: StatusCounts = { Read: 0, Missing: 0, Skipped: 0, Estimated: 0, Total: 0 };
  for (const point of gateways.flatMap((g) => g.DeviceList).flatMap((d) => d.DeviceItemList)) {
    if (point.Status !== 'Aflæst' && estimatedIn(point, period)) counts.Estimated += 1;
    else counts[COUNTED[point.Status]] += 1;
    counts.Total += 1;
  }
  return counts;
}

import { consumptionByMonth, type DatedValue, type LabelledPeriod, roundDecimal } from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  type PointAroundPeriod,
  selectPointsAroundPeriod,
  selectReadingsInPeriod,
} from '../../db/repositories/readings-around-period.ts';
import type { Database } from '../../db/schema.ts';
import { byPointPlace } from '../metering/route-order.ts';
import { groupBy } from '../shared/group-by.ts';

/** One line of `Forbrug pr. måned`: a point's consumption in one month of the period (ADR 019). */
export type MonthRow = {
  location: string;
  meter: string;
  serial: string;
  point: string;
  unit: string;
  /** `YYYY-MM`. */
  month: string;
  /** Canonical, rounded to `AMOUNT_DIGITS`; null when no day of the month lies between two readings. */
  amount: string | null;
  /** Days of the month (within the period) that lie between two readings of the point. */
  daysCovered: number;
  /** Days of the month within the period. */
  daysInPeriod: number;
};

/**
 * A month's share of an interval is exact to many digits; a bill shows at most three (a litre of m³,
 * a Wh of kWh).
 */
const AMOUNT_DIGITS = 3;

/**
 * Each point's consumption per calendar month of the period, the reading intervals spread over their
 * days (the contract's rule), so an interval that runs into or out of the period counts only by its
 * days inside. Each meter counts for itself: across a meter change the old meter's rows end with its
 * final reading and the new meter's start from its start reading, which together is the rule of the
 * change. Points without a single covered day in the period are left out.
 */
export async function monthRowsOf(
  db: Kysely<Database>,
  accountId: string,
  period: LabelledPeriod,
): Promise<MonthRow[]> {
  const [points, inPeriod] = await Promise.all([
    selectPointsAroundPeriod(db, accountId, period),
    selectReadingsInPeriod(db, accountId, period),
  ]);
  const readingsOf = groupBy(inPeriod, (reading) => reading.itemId);
  const months = monthsOf(period);
  return points.sort(byPointPlace).flatMap((point) => {
    // Each with the register's digits, so a rollover between two counts by its rule (ADR 046).
    const registerDigits = point.registerDigits;
    const readings = [
      ...dated(point.beforeDate, point.beforeValue),
      ...(readingsOf.get(point.itemId) ?? []).map(({ dateRecord, value }) => ({ date: dateRecord, value })),
      ...dated(point.afterDate, point.afterValue),
    ].map((reading) => ({ ...reading, registerDigits }));
    const covered = new Map(consumptionByMonth(readings, period).map((month) => [month.month, month]));
    if (covered.size === 0) return [];
    return months.map(({ month, days }) => {
      const found = covered.get(month);
      return {
        ...placeOf(point),
        month,
        amount: found ? roundDecimal(found.amount, AMOUNT_DIGITS) : null,
        daysCovered: found?.days ?? 0,
        daysInPeriod: days,
      };
    });
  });
}

const dated = (date: string | null, value: string | null): DatedValue[] =>
  date === null || value === null ? [] : [{ date, value }];

const placeOf = (point: PointAroundPeriod) => ({
  location: point.gatewayName,
  meter: point.deviceName,
  serial: point.serial,
  point: point.itemName,
  unit: point.unit,
});

/** The calendar months the period touches, with how many of their days lie in it. */
function monthsOf(period: { start: string; end: string }): { month: string; days: number }[] {
  const months: { month: string; days: number }[] = [];
  const day = new Date(`${period.start}T00:00:00Z`);
  const last = new Date(`${period.end}T00:00:00Z`);
  while (day <= last) {
    const month = day.toISOString().slice(0, 7);
    const current = months.at(-1);
    if (current?.month === month) current.days++;
    else months.push({ month, days: 1 });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return months;
}

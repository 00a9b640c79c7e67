import {
  consumptionByResident,
  type LabelledPeriod,
  type ReasonedValue,
  type ResidentPart,
  roundDecimal,
} from '@maaler/contract';
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
  /** Days of the month within the period (within the resident's part, when a move splits it). */
  daysInPeriod: number;
  /** The row's first and last day (`YYYY-MM-DD`): the month within the period and the resident's part. */
  from: string;
  to: string;
  /**
   * Whose part of a period a move splits (issue 37, ADR 049): `moved-out` for the days before a move,
   * `moved-in` for those from the last move on; null when no move falls inside the period.
   */
  resident: 'moved-out' | 'moved-in' | null;
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
 * change. A move (`Fraflytning`/`Indflytning`) inside the period splits the point's months at its
 * date between the leaving and the next resident (ADR 049). Points without a single covered day in
 * the period are left out.
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
  return points.sort(byPointPlace).flatMap((point) => {
    // Each with the register's digits, so a rollover between two counts by its rule (ADR 046).
    const registerDigits = point.registerDigits;
    const readings: ReasonedValue[] = [
      ...dated(point.beforeDate, point.beforeValue),
      ...(readingsOf.get(point.itemId) ?? []).map(({ dateRecord, value, reason }) => ({
        date: dateRecord,
        value,
        reason,
      })),
      ...dated(point.afterDate, point.afterValue),
    ].map((reading) => ({ ...reading, registerDigits }));
    const parts = consumptionByResident(readings, period);
    if (parts.every(({ months }) => months.length === 0)) return [];
    const split = parts.length > 1;
    return parts.flatMap(({ part, months: covered }) => {
      const found = new Map(covered.map((month) => [month.month, month]));
      return monthsOf(part).map(({ month, days, from, to }) => {
        const amount = found.get(month);
        return {
          ...placeOf(point),
          month,
          amount: amount ? roundDecimal(amount.amount, AMOUNT_DIGITS) : null,
          daysCovered: amount?.days ?? 0,
          daysInPeriod: days,
          from,
          to,
          resident: split ? residentOf(part) : null,
        };
      });
    });
  });
}

const residentOf = (part: ResidentPart): MonthRow['resident'] => (part.movedOut ? 'moved-out' : 'moved-in');

/** A reading just outside the period: its reason plays no part, a move splits only inside it. */
const dated = (date: string | null, value: string | null): ReasonedValue[] =>
  date === null || value === null ? [] : [{ date, value, reason: 'periodic' }];

const placeOf = (point: PointAroundPeriod) => ({
  location: point.gatewayName,
  meter: point.deviceName,
  serial: point.serial,
  point: point.itemName,
  unit: point.unit,
});

/** The calendar months the range touches, with how many of their days lie in it and the first and last of them. */
function monthsOf(range: {
  start: string;
  end: string;
}): { month: string; days: number; from: string; to: string }[] {
  const months: { month: string; days: number; from: string; to: string }[] = [];
  const day = new Date(`${range.start}T00:00:00Z`);
  const last = new Date(`${range.end}T00:00:00Z`);
  while (day <= last) {
    const iso = day.toISOString().slice(0, 10);
    const month = iso.slice(0, 7);
    const current = months.at(-1);
    if (current?.month === month) {
      current.days++;
      current.to = iso;
    } else months.push({ month, days: 1, from: iso, to: iso });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return months;
}

import { consumptionBetween, type DatedValue } from './consumption.ts';
import { addDecimal, shareDecimal } from './decimal-shares.ts';

/** A day's share of a point's consumption (`date` as `YYYY-MM-DD`, `amount` exact, with a dot). */
export type DayAmount = { date: string; amount: string };

/**
 * A month's consumption (`month` as `YYYY-MM`), summed from the daily shares of the days in it, and
 * how many of its days lie between two readings (`days`): fewer than the month has when the readings
 * start or stop inside it, so a reader of the figure can tell a part of a month from a whole one.
 */
export type MonthAmount = { month: string; amount: string; days: number };

/**
 * Fraction digits of a daily share beyond those of the readings: enough that a share printed to the
 * readings' precision rounds to the even spread, while the shares still add up to the amount exactly.
 */
const SHARE_EXTRA_DIGITS = 3;

function addDays(iso: string, days: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function fractionDigits(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/**
 * The consumption from one reading to the next spread evenly over the days it covers: from the
 * earlier reading's day up to the day before the later one's (readings are taken during a day, so a
 * reading on the first of two months closes the first month). The amount is `consumptionBetween`'s,
 * so across a meter change it is the old meter's last stretch (ADR 019). Empty when both share a date.
 */
export function spreadOverDays(previous: DatedValue, current: DatedValue): DayAmount[] {
  const consumption = consumptionBetween(previous, current);
  if (!consumption || consumption.days < 0) return [];
  const { amount, days } = consumption;
  const scale =
    Math.max(fractionDigits(previous.value), fractionDigits(current.finalValue ?? current.value)) +
    SHARE_EXTRA_DIGITS;
  return shareDecimal(amount, days, scale).map((share, index) => ({
    date: addDays(previous.date, index),
    amount: share,
  }));
}

/**
 * A point's consumption per calendar month: its readings in date order, each interval between two of
 * them spread over its days first, so an interval that crosses a month boundary counts in both months
 * by its days there. Only the days `within` a range (`YYYY-MM-DD`, both included) when one is given,
 * as a billing period needs. Months in order, none without days.
 */
export function consumptionByMonth(
  readings: readonly DatedValue[],
  within?: { start: string; end: string },
): MonthAmount[] {
  const sorted = [...readings].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const months = new Map<string, MonthAmount>();
  sorted.forEach((current, index) => {
    const previous = sorted[index - 1];
    if (!previous) return;
    for (const day of spreadOverDays(previous, current)) {
      if (within && (day.date < within.start || day.date > within.end)) continue;
      const month = day.date.slice(0, 7);
      const sum = months.get(month);
      months.set(month, {
        month,
        amount: sum ? addDecimal(sum.amount, day.amount) : day.amount,
        days: (sum?.days ?? 0) + 1,
      });
    }
  });
  return [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
}

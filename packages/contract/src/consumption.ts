import { registerDifference } from './register-rollover.ts';

/**
 * One reading of a measurement point: its date (`YYYY-MM-DD`) and value (canonical decimal, dot). On
 * the date of a meter change (ADR 019) `value` is the new meter's start reading and `finalValue` the
 * old meter's final reading. `registerDigits`, where declared, lets a rollover since the reading
 * before count by its rule (ADR 046).
 */
export type DatedValue = { date: string; value: string; finalValue?: string; registerDigits?: number | null };

/** What a point used between two readings. */
export type Consumption = {
  /** Exact, canonical decimal; negative when the later value is lower. */
  amount: string;
  days: number;
  perDay: number;
};

const DAY_MS = 86_400_000;

function utcDay(iso: string): number {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

/** Whole calendar days from one ISO date to a later one (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

/**
 * The consumption from `previous` to `current`, or null when they share a date. Across a meter change
 * it is (old final − old previous) + (new current − new start), so never the difference of two meters'
 * values: a change on `current`'s date counts the old meter up to its final reading (the new meter's
 * part, start − start, is nil), and the reading after it counts from the start reading, its `value`.
 * A register that went round between them (`current.registerDigits`) counts its range once more.
 */
export function consumptionBetween(previous: DatedValue, current: DatedValue): Consumption | null {
  const days = daysBetween(previous.date, current.date);
  if (days === 0) return null;
  const amount = registerDifference(
    previous.value,
    current.finalValue ?? current.value,
    current.registerDigits,
  );
  return { amount, days, perDay: Number(amount) / days };
}

function byDate(a: DatedValue, b: DatedValue): number {
  if (a.date === b.date) return 0;
  return a.date < b.date ? -1 : 1;
}

/**
 * Each reading with the consumption since the reading before it by date (null for the earliest),
 * in the order given.
 */
export function withConsumption<T extends DatedValue>(
  readings: readonly T[],
): { reading: T; consumption: Consumption | null }[] {
  const previousOf = new Map<T, T>();
  const sorted = [...readings].sort(byDate);
  sorted.forEach((reading, index) => {
    const previous = sorted[index - 1];
    if (previous) previousOf.set(reading, previous);
  });
  return readings.map((reading) => {
    const previous = previousOf.get(reading);
    return { reading, consumption: previous ? consumptionBetween(previous, reading) : null };
  });
}

/**
 * The average consumption per day over the readings: from the earliest to the latest, so longer
 * periods weigh more; the sum of the consumptions between them, so a meter change counts by its rule.
 * Null with fewer than two dates.
 */
export function averagePerDay(readings: readonly DatedValue[]): number | null {
  const sorted = [...readings].sort(byDate);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return null;
  const days = daysBetween(first.date, last.date);
  if (days === 0) return null;
  let total = 0;
  sorted.forEach((reading, index) => {
    const previous = sorted[index - 1];
    const consumption = previous ? consumptionBetween(previous, reading) : null;
    if (consumption) total += Number(consumption.amount);
  });
  return total / days;
}

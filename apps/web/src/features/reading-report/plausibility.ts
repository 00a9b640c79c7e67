import { compareDecimal } from '@maaler/contract';
import { PLAUSIBILITY_FACTOR } from '@/config/constants';
import { averagePerDay, consumptionBetween, type DatedValue } from '@/lib/consumption';

/** The average per day needs at least this many earlier readings (one period between them). */
export const MIN_HISTORY_READINGS = 2;

/** Why a typed reading looks wrong, with what it was compared to. */
export type PlausibilityIssue =
  /** (a) Lower than the reading before its date: a register should not run backwards. */
  | { kind: 'backwards'; previous: DatedValue }
  /** (c) Dated before the point's latest reading. */
  | { kind: 'date-before-last'; last: DatedValue }
  /** (b) Consumption per day since the reading before, outside [average / factor, average × factor]. */
  | { kind: 'consumption-high' | 'consumption-low'; perDay: number; low: number; high: number };

export type ReadingToCheck = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Canonical decimal. */
  value: string;
  /** The point's stored readings (any order). */
  known: readonly DatedValue[];
};

/**
 * The stored readings of a point: its history, plus the gateway tree's last reading in case the
 * history could not be loaded or is older than the tree. One reading per date; the history wins.
 */
export function knownReadings(history: readonly DatedValue[], last: DatedValue | null): DatedValue[] {
  if (last === null || history.some((reading) => reading.date === last.date)) return [...history];
  return [...history, last];
}

function latest(readings: readonly DatedValue[]): DatedValue | undefined {
  return readings.reduce<DatedValue | undefined>(
    (found, reading) => (found === undefined || reading.date > found.date ? reading : found),
    undefined,
  );
}

/**
 * The soft plausibility check of one typed reading against the point's stored readings. A reading
 * already stored for the same date is what the new value replaces, so it is no comparison. Returns
 * the issues found, in the order (c), (a), (b); none for a plausible reading.
 */
export function plausibilityIssues(
  reading: ReadingToCheck,
  factor: number = PLAUSIBILITY_FACTOR,
): PlausibilityIssue[] {
  const issues: PlausibilityIssue[] = [];
  const others = reading.known.filter((known) => known.date !== reading.date);
  const last = latest(others);
  if (last && last.date > reading.date) issues.push({ kind: 'date-before-last', last });

  const earlier = others.filter((known) => known.date < reading.date);
  const previous = latest(earlier);
  if (!previous) return issues;
  if (compareDecimal(reading.value, previous.value) < 0) {
    issues.push({ kind: 'backwards', previous });
    return issues;
  }

  const average = earlier.length >= MIN_HISTORY_READINGS ? averagePerDay(earlier) : null;
  // A point that never moved gives no scale to compare with.
  if (average === null || average <= 0) return issues;
  const perDay = consumptionBetween(previous, reading)?.perDay ?? 0;
  const low = average / factor;
  const high = average * factor;
  if (perDay > high) issues.push({ kind: 'consumption-high', perDay, low, high });
  else if (perDay < low) issues.push({ kind: 'consumption-low', perDay, low, high });
  return issues;
}

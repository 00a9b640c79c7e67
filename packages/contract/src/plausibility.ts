import { MAX_READING_FRACTION_DIGITS, PLAUSIBILITY_FACTOR } from './constants.ts';
import { averagePerDay, consumptionBetween, type DatedValue, daysBetween } from './consumption.ts';
import type { ExpectedRange } from './gateway.ts';
import { isRollover } from './register-rollover.ts';
import { compareDecimal } from './rules.ts';

// The soft plausibility rule of ADR 008, in one place for both sides: the app warns with it before
// sending, the server computes the expected range of the next value with it (ADR 014).

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
  /**
   * The point's earliest reading when `known` is a bounded history that does not reach back to it
   * (ADR 053): it only starts the average per day, as the whole history would. Its value may be counted
   * on across meter changes, so it is never compared with the typed value itself.
   */
  earliest?: DatedValue | null;
  /** The register's declared digits: a drop of more than 90 % of its range is a rollover (ADR 046). */
  registerDigits?: number | null;
};

/** The register went round from `previous` to the reading: no step backwards (ADR 046). */
const rolledOver = (previous: DatedValue, reading: ReadingToCheck): boolean =>
  isRollover(previous.value, reading.value, reading.registerDigits);

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

/** What a value dated `date` is compared with: the stored readings before that date and the latest of them. */
function readingsBefore(known: readonly DatedValue[], date: string) {
  const earlier = known.filter((reading) => reading.date < date);
  return { earlier, previous: latest(earlier) };
}

/** The readings before the date, started at the earliest reading where a bounded history leaves it out. */
function fromEarliest(
  earlier: readonly DatedValue[],
  earliest: DatedValue | null | undefined,
): readonly DatedValue[] {
  return earliest && earlier.length > 0 && earlier.every((reading) => reading.date > earliest.date)
    ? [earliest, ...earlier]
    : earlier;
}

/** The normal consumption per day, [average / factor, average × factor], or null without a scale. */
function normalPerDay(earlier: readonly DatedValue[], factor: number): { low: number; high: number } | null {
  const average = earlier.length >= MIN_HISTORY_READINGS ? averagePerDay(earlier) : null;
  // A point that never moved gives no scale to compare with.
  if (average === null || average <= 0) return null;
  return { low: average / factor, high: average * factor };
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
  const last = latest(reading.known.filter((known) => known.date !== reading.date));
  if (last && last.date > reading.date) issues.push({ kind: 'date-before-last', last });

  const { earlier, previous } = readingsBefore(reading.known, reading.date);
  if (!previous) return issues;
  if (compareDecimal(reading.value, previous.value) < 0 && !rolledOver(previous, reading)) {
    issues.push({ kind: 'backwards', previous });
    return issues;
  }

  const normal = normalPerDay(fromEarliest(earlier, reading.earliest), factor);
  if (!normal) return issues;
  const perDay = consumptionBetween(previous, reading)?.perDay ?? 0;
  if (perDay > normal.high) issues.push({ kind: 'consumption-high', perDay, ...normal });
  else if (perDay < normal.low) issues.push({ kind: 'consumption-low', perDay, ...normal });
  return issues;
}

const fractionDigits = (value: string): number => value.split('.')[1]?.length ?? 0;

/**
 * The range of a value dated `date` that the rule above accepts without a consumption warning: the
 * reading before `date` plus the normal consumption per day over the days between. Null when the
 * rule has no scale there (fewer than two earlier readings, or a point that never moved). The ends
 * are rounded inwards, to the decimals of the reading before where the range allows it, so every
 * value shown as inside really passes. Depends only on the earliest reading and the latest one
 * before `date`, which is all the server loads for it (a test in this package holds it to that).
 */
export function expectedRange(
  known: readonly DatedValue[],
  date: string,
  factor: number = PLAUSIBILITY_FACTOR,
): ExpectedRange | null {
  const { earlier, previous } = readingsBefore(known, date);
  const normal = previous ? normalPerDay(earlier, factor) : null;
  if (!previous || !normal) return null;
  const days = daysBetween(previous.date, date);
  const base = Number(previous.value);
  for (let digits = fractionDigits(previous.value); digits <= MAX_READING_FRACTION_DIGITS; digits++) {
    const scale = 10 ** digits;
    const min = Math.ceil((base + normal.low * days) * scale) / scale;
    const max = Math.floor((base + normal.high * days) * scale) / scale;
    if (min <= max) return { min, max };
  }
  return null;
}

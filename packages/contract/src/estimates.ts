import { z } from 'zod/mini';
import { LabelledPeriod } from './administration.ts';
import { consumptionBetween, type DatedValue, daysBetween } from './consumption.ts';
import { spreadOverDays } from './daily-consumption.ts';
import { isIsoDate, toDanishDate } from './dates.ts';
import { formatScaled, scaledDecimal, unitsAtScale } from './decimal.ts';
import { addDecimal } from './decimal-shares.ts';
import { PositiveId, positiveIdList } from './ids.ts';
import { MESSAGES } from './messages.ts';

// Estimates (`Estimeret`, issue 19, ADR 021): the rule and the administration's calls. Kept out of
// the modules the first screens load; only the administration's dialog and the server use it.

export const ESTIMATE_RULES = ['last-year', 'linear'] as const;
export type EstimateRule = (typeof ESTIMATE_RULES)[number];

/** A reading the rule may see; estimates (`source: 'estimate'`) are never its basis and are skipped. */
export type EstimateBasis = DatedValue & { source?: string };

export type Estimate =
  | { rule: EstimateRule; value: string; perDay: number; last: DatedValue }
  | { rule: null; reason: string };

export const ESTIMATE_TEXTS = {
  rules: { 'last-year': 'Samme periode sidste år', linear: 'Lineært fra de to seneste målinger' },
  tooFewReadings: 'Intet estimat: målepunktet har færre end to rigtige målinger før periodens slutning',
  staffReadingNeeded: 'Skal aflæses af personale',
} as const satisfies {
  rules: Record<EstimateRule, string>;
  tooFewReadings: string;
  staffReadingNeeded: string;
};

/**
 * How many periods in a row a point may be estimated before someone must read it (issue 37), when the
 * account's setting `estimatesInARow` is unset.
 */
export const DEFAULT_ESTIMATES_IN_A_ROW = 2;

/**
 * How many of the point's newest readings before `before` (`YYYY-MM-DD`, a period's first day) are
 * estimates, counted until the first real one. An estimate is dated its period's last day and one
 * period holds at most one, so this is the number of periods estimated in a row just before.
 */
export function estimatesInARow(readings: readonly EstimateBasis[], before: string): number {
  const earlier = readings.filter((reading) => reading.date < before).sort(byDate);
  let count = 0;
  for (let index = earlier.length - 1; index >= 0 && earlier[index]?.source === 'estimate'; index -= 1) {
    count += 1;
  }
  return count;
}

const byDate = (a: DatedValue, b: DatedValue): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

const fractionDigits = (value: string): number => value.split('.')[1]?.length ?? 0;

function shiftDays(iso: string, days: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The same calendar day a year earlier (29 February becomes 1 March). */
function yearEarlier(iso: string): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year - 1, month - 1, day)).toISOString().slice(0, 10);
}

/** `amount` × `days` / `basisDays` in units of `scale` fraction digits, rounded half up; never below zero. */
function scaledIncrease(amount: string, days: number, basisDays: number, scale: number): bigint {
  const { units, scale: from } = scaledDecimal(amount);
  const twice =
    (units * BigInt(days) * 10n ** BigInt(scale) * 2n) / (10n ** BigInt(from) * BigInt(basisDays));
  const rounded = (twice + 1n) / 2n;
  return rounded < 0n ? 0n : rounded;
}

/** `value` in units of `scale` fraction digits, cut (not rounded) when it has more. */
function unitsCutTo(value: string, scale: number): bigint {
  const parsed = scaledDecimal(value);
  if (parsed.scale <= scale) return unitsAtScale(parsed, scale);
  return parsed.units / 10n ** BigInt(parsed.scale - scale);
}

/**
 * The amount the readings' per-day spread gives the days `from`…`to` (both included), or null when
 * the readings do not cover every one of those days.
 */
function spreadAmount(readings: readonly DatedValue[], from: string, to: string): string | null {
  const first = readings[0];
  const last = readings.at(-1);
  if (!first || !last || first.date > from || last.date <= to) return null;
  let total = '0';
  readings.forEach((current, index) => {
    const previous = readings[index - 1];
    if (!previous || current.date <= from || previous.date > to) return;
    for (const day of spreadOverDays(previous, current)) {
      if (day.date >= from && day.date <= to) total = addDecimal(total, day.amount);
    }
  });
  return total;
}

/**
 * A point's estimated reading on `date` (`YYYY-MM-DD`) from its real readings (ADR 021). The
 * consumption per day is the average of the same days one year earlier (the days from the last real
 * reading before `date` up to the day before it, shifted back a year) when the readings cover all of
 * them (`last-year`), else that of the interval between the last two real readings (`linear`), by
 * `consumptionBetween`, so a meter change counts by its rule; never below zero. The value is the last
 * real reading plus that per day for each day up to `date`, at as many fraction digits as the basis
 * has, and never above the point's next real reading after `date`, so the consumption after an
 * estimate is never negative either. Without two real readings before `date`: no estimate, and why.
 */
export function estimateReading(readings: readonly EstimateBasis[], date: string): Estimate {
  const real = readings
    .filter((reading) => reading.source !== 'estimate')
    .map(({ date: day, value, finalValue }): DatedValue => ({ date: day, value, finalValue }))
    .sort(byDate);
  const before = real.filter((reading) => reading.date < date);
  const last = before.at(-1);
  const previous = before.at(-2);
  if (!last || !previous) return { rule: null, reason: ESTIMATE_TEXTS.tooFewReadings };
  const days = daysBetween(last.date, date);
  const scale = Math.max(fractionDigits(last.value), fractionDigits(previous.finalValue ?? previous.value));

  const from = yearEarlier(last.date);
  const to = yearEarlier(shiftDays(date, -1));
  const lastYear = spreadAmount(real, from, to);
  const basis =
    lastYear === null
      ? { rule: 'linear' as const, ...linearBasis(previous, last) }
      : { rule: 'last-year' as const, amount: lastYear, days: daysBetween(from, to) + 1 };
  const lastUnits = unitsAtScale(scaledDecimal(last.value), scale);
  let units = lastUnits + scaledIncrease(basis.amount, days, basis.days, scale);
  const next = real.find((reading) => reading.date > date);
  if (next) {
    const ceiling = unitsCutTo(next.finalValue ?? next.value, scale);
    // A register that went backwards is not made worse; otherwise the estimate stays below the next reading.
    if (ceiling >= lastUnits && units > ceiling) units = ceiling;
  }
  const perDay = Math.max(0, Number(basis.amount) / basis.days);
  return { rule: basis.rule, value: formatScaled(units, scale), perDay, last };
}

function linearBasis(previous: DatedValue, last: DatedValue): { amount: string; days: number } {
  const consumption = consumptionBetween(previous, last);
  // Two real readings of one point never share a date; a caller's duplicate counts as no use.
  return consumption ?? { amount: '0', days: 1 };
}

// The administration's calls.

/** A point without a real reading in the period, with the proposed estimate or why there is none. */
export const EstimateProposal = z.object({
  GatewayId: PositiveId,
  GatewayName: z.string(),
  DeviceId: PositiveId,
  DeviceName: z.string(),
  Serial: z.nullable(z.string()),
  DeviceItemId: PositiveId,
  Name: z.string(),
  Unit: z.string(),
  /** The latest real reading before the period's end (comma form), or null. */
  LastValue: z.nullable(z.string()),
  LastDate: z.nullable(z.iso.date()),
  /** The proposed value (comma form), dated the period's last day; null with `Reason`. */
  Value: z.nullable(z.string()),
  DateRecord: z.iso.date(),
  Rule: z.nullable(z.enum(ESTIMATE_RULES)),
  /** Why no estimate can be made (Danish), or null. */
  Reason: z.nullable(z.string()),
});
export type EstimateProposal = z.infer<typeof EstimateProposal>;

/** GET /api/admin/estimates/{accountId}: the period, whether it has ended, and the proposals in route order. */
export const EstimatesResponse = z.object({
  period: LabelledPeriod,
  /** False while the period runs (its last day is today or later): estimates are refused then. */
  Ended: z.boolean(),
  Points: z.array(EstimateProposal),
});
export type EstimatesResponse = z.infer<typeof EstimatesResponse>;

/** Body of POST /api/admin/estimates/{accountId}. */
export const CreateEstimatesRequest = z.object({
  /** Any day of the period, `YYYY-MM-DD`. */
  date: z
    .string({ error: MESSAGES.periodDateInvalid })
    .check(z.refine(isIsoDate, { error: MESSAGES.periodDateInvalid })),
  deviceItemIds: positiveIdList(MESSAGES.readingIdsInvalid, 1000),
});
export type CreateEstimatesRequest = z.infer<typeof CreateEstimatesRequest>;

export const CreateEstimatesResponse = z.object({
  Success: z.literal(true),
  Message: z.string(),
  /** Estimates stored (an identical one stored before counts too). */
  Count: z.int().check(z.nonnegative()),
});
export type CreateEstimatesResponse = z.infer<typeof CreateEstimatesResponse>;

/** The 406 texts of POST /api/admin/estimates (here, not in messages.ts: no first load carries them). */
export const ESTIMATE_ERRORS = {
  periodRunning: (end: string): string =>
    `Perioden er ikke slut endnu: estimater kan først oprettes efter ${toDanishDate(end)}`,
  unknownPoint: (id: number): string =>
    `Målepunktet ${id} findes ikke på kontoen eller sidder på en udskiftet måler`,
  alreadyRead: (pointName: string): string =>
    `Målepunktet "${pointName}" har allerede en rigtig måling i perioden`,
  noEstimate: (pointName: string): string =>
    `Målepunktet "${pointName}" kan ikke estimeres: det har færre end to rigtige målinger før periodens slutning`,
  staffReadingNeeded: (pointName: string, inARow: number): string =>
    `Målepunktet "${pointName}" kan ikke estimeres: ${ESTIMATE_TEXTS.staffReadingNeeded} (estimeret ${inARow} perioder i træk)`,
} as const;

import { MAX_READING_INTEGER_DIGITS } from './constants.ts';
import type { DatedValue } from './consumption.ts';
import { toDanishDate } from './dates.ts';
import type { ReadingToCheck } from './plausibility.ts';
import { isRollover } from './register-rollover.ts';
import { compareDecimal, toWireValue } from './rules.ts';

// The hard plausibility rules (ADR 020): values that cannot be right, refused (406) by the server and
// shown as the field's error by the app before sending. They apply only where an administrator has
// declared what they need; a point without settings keeps the soft rule of ADR 008 alone.

/** The fewest and most integer digits a register may be declared with (`register_digits`). */
export const MIN_REGISTER_DIGITS = 1;
export const MAX_REGISTER_DIGITS = MAX_READING_INTEGER_DIGITS;

/** What is declared about a point's register and its meter; all optional, so undeclared is the default. */
export type RegisterSettings = {
  /** Integer digits of the register (5 for 00000–99999); null: unknown. */
  registerDigits: number | null;
  /** The register never resets and counts only up. */
  countsUpOnly: boolean;
  /** `YYYY-MM-DD` the meter was put in place; null: unknown. */
  installedOn: string | null;
};

export const UNDECLARED_REGISTER: RegisterSettings = {
  registerDigits: null,
  countsUpOnly: false,
  installedOn: null,
};

/** Why a value cannot be right. */
export type RegisterRefusal =
  | { kind: 'before-installation'; installedOn: string }
  | { kind: 'too-many-digits'; registerDigits: number }
  /** Counting only up: lower than the latest reading before its date. */
  | { kind: 'below-previous'; previous: DatedValue }
  /** Counting only up: higher than the earliest reading after its date, which would then run backwards. */
  | { kind: 'above-next'; next: DatedValue };

/** Digits before the decimal point of a canonical value (leading zeros are not kept). */
export const integerDigits = (value: string): number => (value.split('.')[0] ?? '').length;

/**
 * The hard check of one reading. `known` are the stored readings of this point on this meter (never an
 * earlier meter's: its values are another register's); one on the reading's own date is the one it
 * replaces, so no comparison. Readings before the installation date cannot be this meter's and are
 * ignored. Returns the first rule broken, or null.
 */
export function registerRefusal(reading: ReadingToCheck, settings: RegisterSettings): RegisterRefusal | null {
  const { installedOn, registerDigits } = settings;
  if (installedOn !== null && reading.date < installedOn) return { kind: 'before-installation', installedOn };
  if (registerDigits !== null && integerDigits(reading.value) > registerDigits) {
    return { kind: 'too-many-digits', registerDigits };
  }
  if (!settings.countsUpOnly) return null;
  const own = reading.known.filter((known) => installedOn === null || known.date >= installedOn);
  const previous = nearest(own, (known) => known.date < reading.date, 1);
  if (previous && wentBackwards(previous.value, reading.value, registerDigits))
    return { kind: 'below-previous', previous };
  const next = nearest(own, (known) => known.date > reading.date, -1);
  if (next && wentBackwards(reading.value, next.value, registerDigits)) return { kind: 'above-next', next };
  return null;
}

/** `later` is below `earlier` and not by the register going round (ADR 046). */
function wentBackwards(earlier: string, later: string, registerDigits: number | null): boolean {
  return compareDecimal(later, earlier) < 0 && !isRollover(earlier, later, registerDigits);
}

/**
 * Whether the typed value is the register going round since the reading before its date (`Omløb`):
 * the form says `Tælleværket er gået rundt` before sending. The same rule the server counts by.
 */
export function rollsOver(reading: ReadingToCheck, settings: RegisterSettings): boolean {
  const previous = nearest(reading.known, (known) => known.date < reading.date, 1);
  return previous !== undefined && isRollover(previous.value, reading.value, settings.registerDigits);
}

/** The latest (`direction` 1) or earliest (-1) of the readings that match. */
function nearest(
  readings: readonly DatedValue[],
  matches: (reading: DatedValue) => boolean,
  direction: 1 | -1,
): DatedValue | undefined {
  let found: DatedValue | undefined;
  for (const reading of readings) {
    if (!matches(reading)) continue;
    if (found === undefined || (direction === 1 ? reading.date > found.date : reading.date < found.date)) {
      found = reading;
    }
  }
  return found;
}

/** The refusal in Danish, naming the point like the other `validationError` texts. */
export function registerRefusalText(pointName: string, refusal: RegisterRefusal): string {
  switch (refusal.kind) {
    case 'before-installation':
      return `Dato for målepunktet "${pointName}" må ikke være før målerens opsætning ${toDanishDate(refusal.installedOn)}`;
    case 'too-many-digits':
      return `Værdi for målepunktet "${pointName}" har flere cifre før kommaet, end tælleværket har (${refusal.registerDigits})`;
    case 'below-previous':
      return `Værdi for målepunktet "${pointName}" må ikke være lavere end aflæsningen ${toWireValue(refusal.previous.value)} den ${toDanishDate(refusal.previous.date)}: tælleværket tæller kun op`;
    case 'above-next':
      return `Værdi for målepunktet "${pointName}" må ikke være højere end den senere aflæsning ${toWireValue(refusal.next.value)} den ${toDanishDate(refusal.next.date)}: tælleværket tæller kun op`;
  }
}

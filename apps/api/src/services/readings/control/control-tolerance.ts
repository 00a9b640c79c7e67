import { CONTROL_TOLERANCE_PERCENT } from '@maaler/contract';

// The control rule (issue 38, ADR 050), pure: a control reading on a remote meter is compared with the
// remote value of its day, read off the remote values around it, and deviates when it differs by more
// than the tolerance.

export type DatedValue = { date: string; value: string };

/** What the comparison found: the remote value of the day, the difference and the tolerance. */
export type ControlComparison = { remote: number; deviation: number; tolerance: number; deviates: boolean };

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * The remote value of `date`: that day's own, else linear between the nearest before and after it;
 * null when the remote values do not surround the day.
 */
export function remoteValueOn(date: string, remote: readonly DatedValue[]): number | null {
  let before: DatedValue | undefined;
  let after: DatedValue | undefined;
  for (const reading of remote) {
    if (reading.date === date) return Number(reading.value);
    if (reading.date < date && (!before || reading.date > before.date)) before = reading;
    if (reading.date > date && (!after || reading.date < after.date)) after = reading;
  }
  if (!before || !after) return null;
  const share = (dayNumber(date) - dayNumber(before.date)) / (dayNumber(after.date) - dayNumber(before.date));
  return Number(before.value) + (Number(after.value) - Number(before.value)) * share;
}

/** One unit of the value's last digit as written: `1234` → 1, `1234.56` → 0.01. */
export function lastDigitUnit(value: string): number {
  const decimals = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
  return 10 ** -decimals;
}

/** Differences this close to the tolerance are taken as equal to it: values are decimals, sums are floats. */
const ROUNDING = 1e-9;

export function compareControl(
  control: DatedValue,
  remote: readonly DatedValue[],
  percent: number = CONTROL_TOLERANCE_PERCENT,
): ControlComparison | null {
  const remoteValue = remoteValueOn(control.date, remote);
  if (remoteValue === null) return null;
  const deviation = Math.abs(Number(control.value) - remoteValue);
  const tolerance = Math.max((Math.abs(remoteValue) * percent) / 100, lastDigitUnit(control.value));
  return {
    remote: remoteValue,
    deviation,
    tolerance,
    deviates: deviation - tolerance > ROUNDING * Math.max(1, tolerance),
  };
}

/**
 * A computed value as decimal text (dot form, at most six decimals): an interpolated remote value or a
 * difference, without the float's noise (`1055.26 - 1050` is not `5.26` in binary).
 */
export function decimalText(value: number): string {
  const text = value.toFixed(6).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

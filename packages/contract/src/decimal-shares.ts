import { formatScaled, scaledDecimal, unitsAtScale } from './decimal.ts';

// Sums and shares of decimals for the per-day spread of consumption (daily-consumption.ts), apart from
// decimal.ts, which the sign-in screen loads with the reading rules.

/** `a + b` for decimal text with a dot, exactly, in the same canonical form as `subtractDecimal`. */
export function addDecimal(a: string, b: string): string {
  const left = scaledDecimal(a);
  const right = scaledDecimal(b);
  const scale = Math.max(left.scale, right.scale);
  return formatScaled(unitsAtScale(left, scale) + unitsAtScale(right, scale), scale);
}

/**
 * `value` cut into `parts` shares at `scale` fraction digits (at least the value's own) that add up to
 * `value` exactly: every share is the quotient, and the first ones take one more unit of the last
 * digit each until the remainder is gone, so no two shares differ by more than that unit.
 */
export function shareDecimal(value: string, parts: number, scale: number): string[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`Not a number of parts: ${parts}`);
  const parsed = scaledDecimal(value);
  const to = Math.max(scale, parsed.scale);
  const units = unitsAtScale(parsed, to);
  const count = BigInt(parts);
  // BigInt division truncates toward zero, so a negative remainder spreads as -1 units.
  const quotient = units / count;
  const remainder = units % count;
  const step = remainder < 0n ? -1n : 1n;
  const extra = remainder < 0n ? -remainder : remainder;
  return Array.from({ length: parts }, (_, index) =>
    formatScaled(quotient + (BigInt(index) < extra ? step : 0n), to),
  );
}

/**
 * `value` rounded to at most `digits` fraction digits, half away from zero (as a bill rounds), in the
 * canonical form; a value with fewer digits comes back as it is.
 */
export function roundDecimal(value: string, digits: number): string {
  const parsed = scaledDecimal(value);
  if (parsed.scale <= digits) return formatScaled(parsed.units, parsed.scale);
  const divisor = 10n ** BigInt(parsed.scale - digits);
  const magnitude = parsed.units < 0n ? -parsed.units : parsed.units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return formatScaled(parsed.units < 0n ? -rounded : rounded, digits);
}

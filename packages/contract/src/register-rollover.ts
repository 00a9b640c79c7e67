import { ROLLOVER_MIN_DROP_SHARE_PERCENT } from './constants.ts';
import { formatScaled, scaledDecimal, unitsAtScale } from './decimal.ts';

// Register rollover (`Omløb`, issue 37, ADR 046): a register of declared digits goes round to zero after
// its highest value. One pure rule, so the form's warning, the server's refusal and every consumption
// agree on which drop is a rollover.

/** The register's range as units at `scale`: 10^digits (100 000 for five digits). */
function rangeUnits(registerDigits: number, scale: number): bigint {
  return 10n ** BigInt(registerDigits + scale);
}

/**
 * Whether `value` after `previous` is the register going round: a declared register and a drop of more
 * than ROLLOVER_MIN_DROP_SHARE_PERCENT of its range (99 990 → 12 on five digits). Any smaller drop is
 * not, and stays what it always was (refused on a point counting only up).
 */
export function isRollover(
  previous: string,
  value: string,
  registerDigits: number | null | undefined,
): boolean {
  if (registerDigits === null || registerDigits === undefined) return false;
  const before = scaledDecimal(previous);
  const after = scaledDecimal(value);
  const scale = Math.max(before.scale, after.scale);
  const drop = unitsAtScale(before, scale) - unitsAtScale(after, scale);
  // drop / range > share / 100, in integers.
  return drop * 100n > rangeUnits(registerDigits, scale) * BigInt(ROLLOVER_MIN_DROP_SHARE_PERCENT);
}

/**
 * `value − previous`, counting the register's range once more when it went round between them:
 * 99 990 → 12 on five digits is 22. Exact, canonical decimal.
 */
export function registerDifference(
  previous: string,
  value: string,
  registerDigits: number | null | undefined,
): string {
  const before = scaledDecimal(previous);
  const after = scaledDecimal(value);
  const scale = Math.max(before.scale, after.scale);
  const plain = unitsAtScale(after, scale) - unitsAtScale(before, scale);
  const wrapped = isRollover(previous, value, registerDigits)
    ? plain + rangeUnits(registerDigits ?? 0, scale)
    : plain;
  return formatScaled(wrapped, scale);
}

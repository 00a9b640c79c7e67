import { MAX_READING_FRACTION_DIGITS, MAX_READING_INTEGER_DIGITS } from './constants.ts';
import { parseDecimal } from './decimal.ts';

/**
 * An e-mail address: the pattern zod's z.email() applies by default, written out so that a check
 * without zod (the login form, kept small for the first load) decides exactly as EmailField does.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** At least 8 word characters: ASCII letters, digits and `_` (no `u` flag, so `\w` stays ASCII). */
export const PASSWORD_PATTERN = /^\w{8,}$/;

/**
 * Digits with one optional decimal part after a comma or a dot. `\d` is ASCII-only without the `u`
 * flag, so other scripts' digits are rejected; the caps keep values inside what storage can hold exactly.
 */
export const READING_VALUE_PATTERN = new RegExp(
  `^\\d{1,${MAX_READING_INTEGER_DIGITS}}(?:[.,]\\d{1,${MAX_READING_FRACTION_DIGITS}})?$`,
);

export function isValidPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

export function isValidReadingValue(input: string): boolean {
  return READING_VALUE_PATTERN.test(input);
}

/**
 * Canonical decimal text of a typed reading: dot separator, no leading zeros in the integer part
 * (one "0" kept), no trailing zeros in the fraction, no dot when the fraction is empty.
 * Returns null when the input does not match READING_VALUE_PATTERN.
 */
export function normalizeReadingValue(input: string): string | null {
  if (!READING_VALUE_PATTERN.test(input)) return null;
  const [rawInteger = '', rawFraction = ''] = input.split(/[.,]/);
  const integer = rawInteger.replace(/^0+(?=\d)/, '');
  const fraction = rawFraction.replace(/0+$/, '');
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/** Canonical value → wire form, which uses a comma as decimal separator. */
export function toWireValue(canonical: string): string {
  return canonical.replace('.', ',');
}

function splitDecimal(value: string): { integer: string; fraction: string } {
  const { negative, integer, fraction } = parseDecimal(value);
  if (negative) throw new RangeError(`Not a non-negative decimal: ${JSON.stringify(value)}`);
  return { integer: integer.replace(/^0+(?=\d)/, ''), fraction: fraction.replace(/0+$/, '') };
}

/**
 * Compares two non-negative decimals in canonical (dot) form, digit by digit so that no binary
 * floating point is involved. Throws RangeError for anything that is not digits with an optional
 * dot fraction.
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const left = splitDecimal(a);
  const right = splitDecimal(b);
  if (left.integer.length !== right.integer.length) {
    return left.integer.length < right.integer.length ? -1 : 1;
  }
  if (left.integer !== right.integer) return left.integer < right.integer ? -1 : 1;
  const width = Math.max(left.fraction.length, right.fraction.length);
  const leftFraction = left.fraction.padEnd(width, '0');
  const rightFraction = right.fraction.padEnd(width, '0');
  if (leftFraction === rightFraction) return 0;
  return leftFraction < rightFraction ? -1 : 1;
}

/** Splits a comma-separated guid list (claims `accountList` / `customerList`), dropping blanks. */
export function splitGuidList(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

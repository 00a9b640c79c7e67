const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal's parts as written: sign, integer digits and fraction digits (possibly empty). */
export type DecimalParts = { negative: boolean; integer: string; fraction: string };

/**
 * The one reader of decimal text in dot form (an optional leading minus): every exact computation on
 * readings and every Danish rendering of one starts here. Throws RangeError for anything else.
 */
export function parseDecimal(value: string): DecimalParts {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`Not a decimal: ${JSON.stringify(value)}`);
  return { negative: match[1] === '-', integer: match[2] ?? '', fraction: match[3] ?? '' };
}

/** A decimal as whole units of its last fraction digit: `12.5` is 125 units at scale 1. */
export type ScaledDecimal = { units: bigint; scale: number };

/** `value` in units of its last fraction digit, for exact arithmetic. */
export function scaledDecimal(value: string): ScaledDecimal {
  const { negative, integer, fraction } = parseDecimal(value);
  const units = BigInt(`${integer}${fraction}`);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** The units of `scaled` at the finer scale `to`. */
export function unitsAtScale({ units, scale }: ScaledDecimal, to: number): bigint {
  return units * 10n ** BigInt(to - scale);
}

/** Units at `scale` as canonical decimal text: no trailing fraction zeros, no dot when whole. */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction === '' ? integer : `${integer}.${fraction}`;
  return negative ? `-${text}` : text;
}

/**
 * `a − b` for decimal text with a dot (an optional leading minus), computed exactly with BigInt, so
 * consumption shows the digits that were typed and no binary floating-point residue. The result is
 * canonical: no trailing fraction zeros, no dot when whole, "0" for zero.
 */
export function subtractDecimal(a: string, b: string): string {
  const left = scaledDecimal(a);
  const right = scaledDecimal(b);
  const scale = Math.max(left.scale, right.scale);
  return formatScaled(unitsAtScale(left, scale) - unitsAtScale(right, scale), scale);
}

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

type Scaled = { units: bigint; scale: number };

function parse(value: string): Scaled {
  const { negative, integer, fraction } = parseDecimal(value);
  const units = BigInt(`${integer}${fraction}`);
  return { units: negative ? -units : units, scale: fraction.length };
}

function rescale({ units, scale }: Scaled, to: number): bigint {
  return units * 10n ** BigInt(to - scale);
}

function format(units: bigint, scale: number): string {
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
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  return format(rescale(left, scale) - rescale(right, scale), scale);
}

/** `a + b` for decimal text with a dot, exactly, in the same canonical form as `subtractDecimal`. */
export function addDecimal(a: string, b: string): string {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  return format(rescale(left, scale) + rescale(right, scale), scale);
}

/**
 * `value` cut into `parts` shares at `scale` fraction digits (at least the value's own) that add up to
 * `value` exactly: every share is the quotient, and the first ones take one more unit of the last
 * digit each until the remainder is gone, so no two shares differ by more than that unit.
 */
export function shareDecimal(value: string, parts: number, scale: number): string[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`Not a number of parts: ${parts}`);
  const parsed = parse(value);
  const to = Math.max(scale, parsed.scale);
  const units = rescale(parsed, to);
  const count = BigInt(parts);
  // BigInt division truncates toward zero, so a negative remainder spreads as -1 units.
  const quotient = units / count;
  const remainder = units % count;
  const step = remainder < 0n ? -1n : 1n;
  const extra = remainder < 0n ? -remainder : remainder;
  return Array.from({ length: parts }, (_, index) =>
    format(quotient + (BigInt(index) < extra ? step : 0n), to),
  );
}

import { parseDecimal } from '@maaler/contract';

const DANISH = 'da-DK';

// The one Danish number form of the app (issue 33): thousands grouped with dots, a decimal comma. A
// reading, its last value, its expected range, its history and its chart all show a value this way;
// only the spec's own `Sidste indberettet måling: {value}` text keeps the contract's comma form.
let grouped: Intl.NumberFormat | undefined;
let amounts: Intl.NumberFormat | undefined;
const rates = new Map<boolean, Intl.NumberFormat>();

/**
 * An exact decimal (dot form, optionally negative) in Danish notation: thousands grouped with dots,
 * a decimal comma, every fraction digit kept (`"1234.5"` → `"1.234,5"`). The integer part is grouped by
 * Intl as a BigInt, so nothing passes through binary floating point.
 */
export function formatDanishDecimal(value: string): string {
  const { negative, integer, fraction } = parseDecimal(value);
  grouped ??= new Intl.NumberFormat(DANISH);
  const sign = negative ? '-' : '';
  return `${sign}${grouped.format(BigInt(integer))}${fraction === '' ? '' : `,${fraction}`}`;
}

/**
 * A rate such as consumption per day, rounded for reading: one decimal, or two significant digits when
 * that shows more (`52.34` → `"52,3"`, `0.354` → `"0,35"`). `grouping: false` leaves out the thousands
 * dots, for files that spreadsheets read as numbers.
 */
export function formatDanishRate(value: number, { grouping = true }: { grouping?: boolean } = {}): string {
  let format = rates.get(grouping);
  if (!format) {
    format = new Intl.NumberFormat(DANISH, {
      maximumFractionDigits: 1,
      maximumSignificantDigits: 2,
      roundingPriority: 'morePrecision',
      useGrouping: grouping,
    });
    rates.set(grouping, format);
  }
  return format.format(value);
}

/**
 * A computed amount such as a month's share of an interval's consumption, to at most three decimals
 * (exact to more digits than were read; three are plenty): `22729.5` → `"22.729,5"`.
 */
export function formatDanishAmount(value: number): string {
  amounts ??= new Intl.NumberFormat(DANISH, { maximumFractionDigits: 3 });
  return amounts.format(value);
}

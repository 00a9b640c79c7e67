import { describe, expect, it } from 'vitest';
import { formatDanishAmount, formatDanishDecimal, formatDanishRate } from '@/lib/numbers/danish-number';

describe('formatDanishDecimal', () => {
  it('groups thousands with dots and uses a decimal comma', () => {
    expect(formatDanishDecimal('1234.5')).toBe('1.234,5');
    expect(formatDanishDecimal('20511')).toBe('20.511');
    expect(formatDanishDecimal('999')).toBe('999');
    expect(formatDanishDecimal('0.35')).toBe('0,35');
  });

  it('keeps every digit of long values exactly, with no float rounding', () => {
    expect(Number('123456789012.123456').toString()).not.toBe('123456789012.123456');
    expect(formatDanishDecimal('123456789012.123456')).toBe('123.456.789.012,123456');
    expect(formatDanishDecimal('0.000001')).toBe('0,000001');
  });

  it('shows negative consumption with a minus', () => {
    expect(formatDanishDecimal('-34.25')).toBe('-34,25');
    expect(formatDanishDecimal('-1234')).toBe('-1.234');
  });

  it('refuses what is not a dot decimal', () => {
    expect(() => formatDanishDecimal('1.234,5')).toThrow(RangeError);
  });
});

describe('formatDanishRate', () => {
  it('rounds to one decimal, or two significant digits for small rates', () => {
    expect(formatDanishRate(52.34)).toBe('52,3');
    expect(formatDanishRate(9.1)).toBe('9,1');
    expect(formatDanishRate(0.354)).toBe('0,35');
    expect(formatDanishRate(310)).toBe('310');
    expect(formatDanishRate(1234.56)).toBe('1.234,6');
    expect(formatDanishRate(-2.25)).toBe('-2,3');
  });

  it('can leave out the thousands dots for spreadsheets', () => {
    expect(formatDanishRate(1234.56, { grouping: false })).toBe('1234,6');
  });
});

describe('one number, one form (issue 33)', () => {
  it('shows a reading, its range, its history and a monthly amount the same way', () => {
    expect(formatDanishDecimal('22729.5')).toBe('22.729,5');
    expect(formatDanishRate(22729.5)).toBe('22.729,5');
    expect(formatDanishAmount(22729.5)).toBe('22.729,5');
    expect(formatDanishRate(23005)).toBe('23.005');
    expect(formatDanishAmount(23005)).toBe('23.005');
  });

  it('rounds a monthly amount to three decimals', () => {
    expect(formatDanishAmount(1234.56789)).toBe('1.234,568');
    expect(formatDanishAmount(0.5)).toBe('0,5');
  });
});

import { describe, expect, it } from 'vitest';
import { subtractDecimal } from '../src/index.ts';

describe('subtractDecimal', () => {
  it('subtracts exactly where binary floating point would not', () => {
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimal('1234.5', '1200.25')).toBe('34.25');
    expect(subtractDecimal('123456789012.123456', '0.000001')).toBe('123456789012.123455');
  });

  it('gives a canonical result: no trailing zeros, no dot when whole, 0 for nothing', () => {
    expect(subtractDecimal('10.75', '0.25')).toBe('10.5');
    expect(subtractDecimal('10.5', '0.5')).toBe('10');
    expect(subtractDecimal('7', '7.000')).toBe('0');
  });

  it('goes below zero for a value lower than the one before', () => {
    expect(subtractDecimal('1200.25', '1234.5')).toBe('-34.25');
    expect(subtractDecimal('0.1', '0.35')).toBe('-0.25');
    expect(subtractDecimal('-1', '1')).toBe('-2');
  });

  it('refuses what is not a dot decimal', () => {
    expect(() => subtractDecimal('1,5', '1')).toThrow(RangeError);
    expect(() => subtractDecimal('1', 'abc')).toThrow(RangeError);
  });
});

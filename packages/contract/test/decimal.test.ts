import { describe, expect, it } from 'vitest';
import { roundDecimal, subtractDecimal } from '../src/index.ts';

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

describe('roundDecimal', () => {
  it('rounds to at most the given fraction digits, half away from zero', () => {
    expect(roundDecimal('3.3333333', 3)).toBe('3.333');
    expect(roundDecimal('6.6666666', 3)).toBe('6.667');
    expect(roundDecimal('0.0005', 3)).toBe('0.001');
    expect(roundDecimal('-0.0005', 3)).toBe('-0.001');
    expect(roundDecimal('-2.71828', 3)).toBe('-2.718');
  });

  it('leaves shorter values as they are and drops zeros the rounding leaves', () => {
    expect(roundDecimal('12.5', 3)).toBe('12.5');
    expect(roundDecimal('210', 3)).toBe('210');
    expect(roundDecimal('9.9996', 3)).toBe('10');
    expect(roundDecimal('0.0004', 3)).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  isValidPassword,
  isValidReadingValue,
  normalizeReadingValue,
  PASSWORD_PATTERN,
  READING_VALUE_PATTERN,
  splitGuidList,
  toWireValue,
} from '../src/rules.ts';

describe('PASSWORD_PATTERN', () => {
  it.each(['demo1234', 'abcdefgh', '12345678', '________', 'Abc_1234XYZ', 'a'.repeat(200)])(
    'accepts %j',
    (password) => {
      expect(PASSWORD_PATTERN.test(password)).toBe(true);
      expect(isValidPassword(password)).toBe(true);
    },
  );

  it.each([
    '',
    'abc1234',
    'abcd 1234',
    ' abcdefgh',
    'abcdefgh ',
    'abcdefg-',
    'abcdefgæ',
    'æøåæøåæø',
    'pässwört1',
    'abcdefg\n',
    '１２３４５６７８',
  ])('rejects %j', (password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});

describe('READING_VALUE_PATTERN', () => {
  it.each(['0', '12', '12,5', '12.5', '0,0', '007', '123456789012', '123456789012,123456', '1.000000'])(
    'accepts %j',
    (value) => {
      expect(READING_VALUE_PATTERN.test(value)).toBe(true);
      expect(isValidReadingValue(value)).toBe(true);
    },
  );

  it.each([
    '',
    ' ',
    ' 12',
    '12 ',
    '12,',
    '12.',
    ',5',
    '.5',
    '1.234.567',
    '1,234,567',
    '1.234,5',
    '-1',
    '+1',
    '1e3',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '١٢٣',
    '１２３',
    '12,5\n',
    '1 000',
    '1_000',
    '1234567890123',
    '1,1234567',
    '0000000000000',
  ])('rejects %j', (value) => {
    expect(isValidReadingValue(value)).toBe(false);
  });
});

describe('normalizeReadingValue', () => {
  it.each([
    ['12,50', '12.5'],
    ['12.50', '12.5'],
    ['0012', '12'],
    ['3,000', '3'],
    ['0,0', '0'],
    ['0', '0'],
    ['000', '0'],
    ['0,05', '0.05'],
    ['00,10', '0.1'],
    ['100', '100'],
    ['100,001', '100.001'],
    ['1234,5', '1234.5'],
    ['123456789012,123456', '123456789012.123456'],
    ['999999999999,999999', '999999999999.999999'],
    ['10.100', '10.1'],
  ])('%j → %j', (input, canonical) => {
    expect(normalizeReadingValue(input)).toBe(canonical);
  });

  it.each(['', ' 12', '12,', ',5', '1.234.567', '1e309', 'NaN', '١٢٣', '-0', '12,5 ', '1234567890123'])(
    'returns null for %j',
    (input) => {
      expect(normalizeReadingValue(input)).toBeNull();
    },
  );

  it('keeps digits a float would lose', () => {
    expect(normalizeReadingValue('123456789012,999999')).toBe('123456789012.999999');
    expect(normalizeReadingValue('0,1')).toBe('0.1');
  });

  it('is idempotent on its own output', () => {
    for (const input of ['12,50', '0012', '3,000', '0,0', '0,05']) {
      const once = normalizeReadingValue(input);
      expect(once).not.toBeNull();
      expect(normalizeReadingValue(once ?? '')).toBe(once);
    }
  });
});

describe('toWireValue', () => {
  it.each([
    ['12.5', '12,5'],
    ['12', '12'],
    ['0', '0'],
    ['0.05', '0,05'],
  ])('%j → %j', (canonical, wire) => {
    expect(toWireValue(canonical)).toBe(wire);
  });

  it('round-trips with normalizeReadingValue', () => {
    expect(normalizeReadingValue(toWireValue('1234.5'))).toBe('1234.5');
  });
});

describe('compareDecimal', () => {
  it.each([
    ['0', '0', 0],
    ['1', '1', 0],
    ['1.5', '1.5', 0],
    ['1.50', '1.5', 0],
    ['01', '1', 0],
    ['1', '2', -1],
    ['2', '1', 1],
    ['9', '10', -1],
    ['10', '9', 1],
    ['1.5', '1.45', 1],
    ['1.45', '1.5', -1],
    ['1', '1.000001', -1],
    ['1.000001', '1', 1],
    ['0.1', '0.09', 1],
    ['999999999999.999999', '999999999999.999998', 1],
    ['100', '99.999999', 1],
  ] as const)('compareDecimal(%j, %j) = %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });

  it('is precise where floats are not', () => {
    // As numbers both are 9007199254740992.
    expect(compareDecimal('9007199254740993', '9007199254740992')).toBe(1);
  });

  it.each(['', '1,5', '-1', '.5', '1.', 'NaN', '1e3', ' 1'])('throws on non-canonical %j', (bad) => {
    expect(() => compareDecimal(bad, '1')).toThrow(RangeError);
    expect(() => compareDecimal('1', bad)).toThrow(RangeError);
  });
});

describe('splitGuidList', () => {
  it('splits, trims and drops blanks', () => {
    expect(splitGuidList('a, b,,c ,')).toEqual(['a', 'b', 'c']);
    expect(splitGuidList('')).toEqual([]);
  });
});

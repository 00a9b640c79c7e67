import { describe, expect, it } from 'vitest';
import { IMPORTED_VALUE_MESSAGES as M, parseImportedValue } from '../src/index.ts';

describe('parseImportedValue', () => {
  it('reads what the form reads', () => {
    expect(parseImportedValue('22729,5')).toEqual({ value: '22729.5' });
    expect(parseImportedValue('22729.5')).toEqual({ value: '22729.5' });
    expect(parseImportedValue('007')).toEqual({ value: '7' });
  });

  it('takes dots as thousands separators beside a decimal comma, or when there are several', () => {
    expect(parseImportedValue('1.234,5')).toEqual({ value: '1234.5' });
    expect(parseImportedValue('12.345.678,25')).toEqual({ value: '12345678.25' });
    expect(parseImportedValue('1.234.567')).toEqual({ value: '1234567' });
  });

  it('keeps a single dot without a comma a decimal point', () => {
    expect(parseImportedValue('1.234')).toEqual({ value: '1.234' });
  });

  it('says exactly what is wrong', () => {
    expect(parseImportedValue('1.23,5')).toEqual({ error: M.thousandsGroups });
    expect(parseImportedValue('1.234.56')).toEqual({ error: M.thousandsGroups });
    expect(parseImportedValue('12.3456,5')).toEqual({ error: M.thousandsGroups });
    expect(parseImportedValue('-5')).toEqual({ error: M.negative });
    expect(parseImportedValue('1234567890123')).toEqual({ error: M.integerDigits });
    expect(parseImportedValue('1.234.567.890.123,5')).toEqual({ error: M.integerDigits });
    expect(parseImportedValue('1,1234567')).toEqual({ error: M.fractionDigits });
    expect(parseImportedValue('12 kWh')).toEqual({ error: M.notANumber });
    expect(parseImportedValue('1,2,3')).toEqual({ error: M.notANumber });
    expect(parseImportedValue('a.bcd,5')).toEqual({ error: M.notANumber });
  });
});

import { MESSAGES } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyReadingForm,
  type ReadingFormValues,
  readingFormErrors,
  readingValueError,
  toValidReadingForm,
} from '@/features/reading-report/reading-form-rules';

const TODAY = '2024-06-15';

const valid: ReadingFormValues = {
  accountId: '7d1f2a4e-0000-4000-8000-000000000001',
  gatewayId: '1',
  deviceId: '2',
  date: '2024-06-01',
  readings: [{ deviceItemId: 3, value: '12,5' }],
};

function firstError(input: ReadingFormValues): { path: string; message: string } | null {
  const [first] = readingFormErrors(input, TODAY);
  return first ? { path: first[0], message: first[1] } : null;
}

const isValid = (input: ReadingFormValues) => readingFormErrors(input, TODAY).size === 0;

function withValue(value: string) {
  return { ...valid, readings: [{ deviceItemId: 3, value }] };
}

describe('reading form rules', () => {
  it.each(['12,5', '12.5', '12', '0', '007', '123456789012,123456'])('accepts %j', (value) => {
    expect(isValid(withValue(value))).toBe(true);
  });

  it('accepts spaces around a value and sends it trimmed', () => {
    expect(isValid(withValue(' 12,5 '))).toBe(true);
    expect(toValidReadingForm(withValue(' 12,5 ')).readings[0]?.value).toBe('12,5');
  });

  it.each([
    ['', 'Måling skal udfyldes'],
    ['   ', 'Måling skal udfyldes'],
    ['abc', 'Indtast et tal, fx 1234,5'],
    ['1,2,3', 'Indtast et tal, fx 1234,5'],
    ['-5', 'Indtast et tal, fx 1234,5'],
    ['12,', 'Indtast et tal, fx 1234,5'],
    [',5', 'Indtast et tal, fx 1234,5'],
    ['1 000', 'Indtast et tal, fx 1234,5'],
    ['1e3', 'Indtast et tal, fx 1234,5'],
    ['١٢', 'Indtast et tal, fx 1234,5'],
    ['1234567890123', MESSAGES.readingValueInvalid],
    ['1,1234567', MESSAGES.readingValueInvalid],
  ])('refuses %j with %j', (value, message) => {
    expect(firstError(withValue(value))).toEqual({ path: 'readings.0.value', message });
  });

  it('checks every measurement point', () => {
    const input = {
      ...valid,
      readings: [
        { deviceItemId: 3, value: '1' },
        { deviceItemId: 4, value: 'x' },
      ],
    };
    expect(firstError(input)).toEqual({ path: 'readings.1.value', message: 'Indtast et tal, fx 1234,5' });
  });

  it.each([
    ['accountId', 'Konto skal vælges'],
    ['gatewayId', 'Lokation skal vælges'],
    ['deviceId', 'Måler skal vælges'],
    ['date', 'Dato skal udfyldes'],
  ])('requires %s', (field, message) => {
    expect(firstError({ ...valid, [field]: '' })).toEqual({ path: field, message });
  });

  it('needs at least one measurement point', () => {
    expect(firstError({ ...valid, readings: [] })).toEqual({
      path: 'readings',
      message: 'Måleren har ingen målepunkter.',
    });
  });

  it.each([
    ['2022-02-01', true],
    ['2022-01-31', false],
    [TODAY, true],
    ['2024-06-16', false],
    ['2023-02-29', false],
  ])('date %s allowed: %s', (date, allowed) => {
    expect(isValid({ ...valid, date })).toBe(allowed);
    if (!allowed)
      expect(firstError({ ...valid, date })?.message).toBe('Vælg en dato fra 01-02-2022 til i dag');
  });

  it('an empty form is invalid, starts on today and the given account', () => {
    const empty = emptyReadingForm('acc', TODAY);
    expect(empty).toEqual({ accountId: 'acc', gatewayId: '', deviceId: '', date: TODAY, readings: [] });
    expect(isValid(empty)).toBe(false);
  });

  it("a register's refusal is the field's error, after the field's own", () => {
    const refusals = new Map([
      ['readings.0.value', 'for lav'],
      ['date', 'før opsætningen'],
    ] as const);
    expect([...readingFormErrors(withValue('abc'), TODAY, refusals)]).toEqual([
      ['date', 'før opsætningen'],
      ['readings.0.value', 'Indtast et tal, fx 1234,5'],
    ]);
  });

  it('readingValueError names nothing for a valid value', () => {
    expect(readingValueError('1234,5')).toBeNull();
  });
});

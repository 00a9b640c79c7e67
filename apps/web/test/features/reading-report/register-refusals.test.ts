// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { registerFieldErrors, rolloverPoints } from '@/features/reading-report/register-refusals';
import {
  COLD_WATER_VOLUMEN,
  coldWaterDevice,
  historyEntry,
  readingForm,
} from '../../support/reading-fixtures';

// The hard rules of ADR 020 on the form: only where the tree declares them.
const form = (value: string, date = '2026-11-01') => readingForm(date, [{ deviceItemId: 7, value }]);
const errorsOf = (...args: Parameters<typeof registerFieldErrors>) =>
  Object.fromEntries(registerFieldErrors(...args));

describe('registerFieldErrors', () => {
  it('refuses nothing where nothing is declared, as from a server that only speaks the seed contract', () => {
    expect(errorsOf(form('1'), coldWaterDevice(), undefined)).toEqual({});
    expect(errorsOf(form('1'), undefined, undefined)).toEqual({});
  });

  it('refuses a value below the last reading on a register counting only up, as the field’s error', () => {
    expect(errorsOf(form('119,5'), coldWaterDevice({}, { CountsUpOnly: true }), undefined)).toEqual({
      'readings.0.value':
        'Værdi for målepunktet "Volumen" må ikke være lavere end aflæsningen 120 den 01-10-2026: tælleværket tæller kun op',
    });
    expect(errorsOf(form('120'), coldWaterDevice({}, { CountsUpOnly: true }), undefined)).toEqual({});
  });

  it('judges an old date against the history, without the old meter’s readings before a meter change', () => {
    const history = [
      historyEntry(COLD_WATER_VOLUMEN, '2026-10-01', '120'),
      historyEntry(COLD_WATER_VOLUMEN, '2026-09-01', '2', {
        MeterChange: { OldSerialNumber: 'A', NewSerialNumber: 'B', FinalValue: '9000' },
      }),
      historyEntry(COLD_WATER_VOLUMEN, '2026-08-01', '8000'),
    ];
    const upOnly = coldWaterDevice({ InstalledOn: '2026-09-01' }, { CountsUpOnly: true });
    expect(errorsOf(form('50', '2026-09-15'), upOnly, history)).toEqual({});
    expect(errorsOf(form('121', '2026-09-15'), upOnly, history)['readings.0.value']).toContain(
      'den senere aflæsning 120 den 01-10-2026',
    );
  });

  it('refuses a date before the meter’s installation on the date field, and too many digits on the value', () => {
    expect(
      errorsOf(form('5', '2026-08-31'), coldWaterDevice({ InstalledOn: '2026-09-01' }), undefined),
    ).toEqual({
      date: 'Datoen må ikke være før målerens opsætning 01-09-2026',
    });
    expect(errorsOf(form('100000'), coldWaterDevice({}, { RegisterDigits: 5 }), undefined)).toEqual({
      'readings.0.value':
        'Værdi for målepunktet "Volumen" har flere cifre før kommaet, end tælleværket har (5)',
    });
  });
});

describe('rolloverPoints (ADR 046)', () => {
  const fiveDigits = coldWaterDevice({}, { RegisterDigits: 5, CountsUpOnly: true, LastValue: '99990' });

  it('names a point whose value dropped by more than 90 % of its register: the form says it went round', () => {
    expect([...rolloverPoints(form('12'), fiveDigits, undefined)]).toEqual([7]);
    expect(errorsOf(form('12'), fiveDigits, undefined)).toEqual({});
  });

  it('names none at exactly 90 %, without declared digits, or above the last value', () => {
    expect(rolloverPoints(form('9990'), fiveDigits, undefined).size).toBe(0);
    expect(rolloverPoints(form('12'), coldWaterDevice({}, { LastValue: '99990' }), undefined).size).toBe(0);
    expect(rolloverPoints(form('99995'), fiveDigits, undefined).size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { ReadingFormErrors } from '@/features/reading-report/reading-form-rules';
import { checkedValues } from '@/features/reading-report/save/checked-values';
import { readingForm } from '../../../support/reading-fixtures';

describe('checkedValues', () => {
  it('gives the values with each measurement trimmed when the form has no error', () => {
    const values = readingForm('2026-11-01', [{ deviceItemId: 7, value: ' 12,5 ' }]);
    expect(checkedValues(values, new Map())).toEqual({
      values: readingForm('2026-11-01', [{ deviceItemId: 7, value: '12,5' }]),
    });
  });

  it('names the first field with an error, in form order, to take the focus', () => {
    const errors: ReadingFormErrors = new Map([
      ['date', 'Dato er påkrævet'],
      ['readings.0.value', 'Værdi er påkrævet'],
    ]);
    expect(checkedValues(readingForm('', [{ deviceItemId: 7, value: '' }]), errors)).toEqual({
      firstError: 'date',
    });
  });

  it('names no field when only the meter lacks measurement points', () => {
    const errors: ReadingFormErrors = new Map([['readings', 'Måleren har ingen målepunkter.']]);
    expect(checkedValues(readingForm('2026-11-01', []), errors)).toEqual({ firstError: undefined });
  });
});
